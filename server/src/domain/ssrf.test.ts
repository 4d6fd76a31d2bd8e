import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import {
  checkWebhookUrl,
  type HostResolver,
  isPrivateAddress,
  isPublicAddress,
  privateTargetsAllowed,
  REFUSAL_FLOOR_MS,
} from "./ssrf.ts";

/** Every address form a hosted gateway must never connect to. */
const NON_PUBLIC_ADDRESSES = [
  // loopback, private, link-local (metadata), CGNAT, "this network"
  "127.0.0.1",
  "127.255.255.254",
  "10.1.2.3",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "100.127.255.255",
  "0.0.0.0",
  "0.1.2.3",
  // reserved, benchmarking, documentation, multicast, broadcast
  "192.0.0.8",
  "192.0.2.1",
  "198.18.0.1",
  "198.19.255.255",
  "198.51.100.7",
  "203.0.113.9",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  // IPv6 loopback, unspecified, unique-local, link-local, multicast, the AWS IPv6 metadata address
  "::",
  "::1",
  "fc00::1",
  "fd12:3456::1",
  "fe80::1",
  "febf::1",
  "ff02::1",
  "fd00:ec2::254",
  // IPv4-mapped, IPv4-compatible, NAT64 (well-known and local-use), 6to4, Teredo, documentation
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::ffff:a9fe:a9fe",
  "::ffff:10.0.0.1",
  "::127.0.0.1",
  "::a9fe:a9fe",
  "::8.8.8.8",
  "64:ff9b::127.0.0.1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b::10.0.0.1",
  "64:ff9b:1::7f00:1",
  "64:ff9b:1:808:8:800::",
  "2002:7f00:1::1",
  "2002:a9fe:a9fe::1",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "2001:db8::1",
  "3fff::1",
  "100::1",
  // not an address at all
  "fe80::1%eth0",
  "localhost",
] as const;

const PUBLIC_ADDRESSES = [
  "8.8.8.8",
  "93.184.216.34",
  "172.32.0.1",
  "100.128.0.1",
  "223.255.255.255",
  "2606:4700::1111",
  "2a00:1450:4001::1",
  "::ffff:8.8.8.8",
  "64:ff9b::8.8.8.8",
] as const;

/** A resolver answering from a table, as DNS would (names it does not know do not resolve). */
function table(entries: Record<string, string[]>): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const answer = entries[host];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return answer;
  };
  return Object.assign(resolve, { asked });
}

describe("which addresses are public", () => {
  it("loopback, private, link-local, CGNAT, reserved, multicast and every IPv4-embedding IPv6 form are not", () => {
    for (const a of NON_PUBLIC_ADDRESSES) {
      expect(isPublicAddress(a), a).toBe(false);
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it("global unicast is, including an IPv4-mapped or NAT64 address whose IPv4 is public", () => {
    for (const a of PUBLIC_ADDRESSES) expect(isPublicAddress(a), a).toBe(true);
  });
});

describe("who may target private networks", () => {
  it("only sandbox endpoints of a local gateway", () => {
    expect(privateTargetsAllowed("local", "test")).toBe(true);
    expect(privateTargetsAllowed("local", "live")).toBe(false);
    expect(privateTargetsAllowed("hosted", "test")).toBe(false);
    expect(privateTargetsAllowed("hosted", "live")).toBe(false);
  });

  it("SPAY_DEPLOYMENT defaults to local on the devnet and hosted on testnet and mainnet", () => {
    expect(loadConfig({}).deployment).toBe("local");
    expect(loadConfig({ SPAY_DEVNET: "off" }).deployment).toBe("local");
    expect(loadConfig({ SPAY_CHAIN: "testnet" }).deployment).toBe("hosted");
    expect(loadConfig({ SPAY_CHAIN: "mainnet" }).deployment).toBe("hosted");
    expect(loadConfig({ SPAY_DEPLOYMENT: "hosted" }).deployment).toBe("hosted");
    expect(loadConfig({ SPAY_CHAIN: "testnet", SPAY_DEPLOYMENT: "local" }).deployment).toBe("local");
    expect(() => loadConfig({ SPAY_DEPLOYMENT: "public" })).toThrow(/SPAY_DEPLOYMENT/);
  });
});

describe("checking a webhook URL", () => {
  const hosted = (resolve: HostResolver) => ({ allowPrivate: false, resolve, refusalFloorMs: 0 });

  it("the URL parser's odd IPv4 literals (decimal, octal, hex, short) and IPv6 spellings are checked as the address they are", async () => {
    const resolve = table({});
    for (const url of [
      "http://2130706433/",
      "http://017700000001/",
      "http://0x7f.1/",
      "http://0x7f000001/",
      "http://127.1/",
      "http://0/",
      "http://%31%32%37.0.0.1/",
      "http://[::ffff:7f00:1]/",
      "http://[0:0:0:0:0:ffff:127.0.0.1]/",
      "http://[::127.0.0.1]/",
      "http://[64:ff9b::169.254.169.254]/",
      "https://169.254.169.254/latest/meta-data",
    ]) {
      expect(await checkWebhookUrl(url, hosted(resolve)), url).toEqual({ ok: false });
    }
    expect(resolve.asked).toEqual([]); // literals are never sent to DNS
  });

  it("a name is refused when any address it resolves to is not public, or when it does not resolve", async () => {
    const resolve = table({
      "inside.example": ["10.0.0.5"],
      "mixed.example": ["93.184.216.34", "127.0.0.1"],
      "v6.example": ["2606:4700::1111", "fd00::1"],
      "nothing.example": [],
    });
    for (const host of ["inside.example", "mixed.example", "v6.example", "nothing.example", "nx.example"]) {
      expect(await checkWebhookUrl(`https://${host}/hook`, hosted(resolve)), host).toEqual({ ok: false });
    }
  });

  it("a public name passes with the addresses the connection must be pinned to", async () => {
    const resolve = table({ "shop.example": ["93.184.216.34", "2606:4700::1111"] });
    const check = await checkWebhookUrl("https://shop.example/hook", hosted(resolve));
    expect(check).toMatchObject({ ok: true, addresses: ["93.184.216.34", "2606:4700::1111"] });
  });

  it("http(s) only and no credentials, in every mode", async () => {
    const local = { allowPrivate: true };
    for (const url of ["ftp://example.com/x", "file:///etc/passwd", "gopher://127.0.0.1:6379/_", "not a url"])
      expect((await checkWebhookUrl(url, local)).ok, url).toBe(false);
    expect((await checkWebhookUrl("https://user:pw@example.com/", local)).ok).toBe(false);
    expect(await checkWebhookUrl("http://localhost:3000/webhooks", local)).toMatchObject({
      ok: true,
      addresses: null,
    });
  });

  it("a refusal takes at least the floor, for an IP literal as for a name", async () => {
    const resolve = table({ "inside.example": ["10.0.0.5"] });
    for (const url of ["http://127.0.0.1/", "http://inside.example/"]) {
      const started = performance.now();
      await checkWebhookUrl(url, { allowPrivate: false, resolve });
      // A lower bound only: sleeping guarantees it, so it cannot flake.
      expect(performance.now() - started, url).toBeGreaterThanOrEqual(REFUSAL_FLOOR_MS - 5);
    }
  });
});
