import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Where webhooks may go. A gateway runs either for one developer on their own machine (`local`:
 * sandbox endpoints may target localhost and the LAN, which is the point of a local receiver) or
 * hosted for others (`hosted`: every environment reaches the public internet only, because anyone
 * with a free account could otherwise use the gateway to read and port-scan its own network).
 */
export const DEPLOYMENTS = ["local", "hosted"] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

/** Production endpoints never reach private networks; sandbox ones may, only in `local` mode. */
export function privateTargetsAllowed(deployment: Deployment, env: "test" | "live"): boolean {
  return deployment === "local" && env === "test";
}

/**
 * IPv4 ranges that are not the public internet (IANA special-purpose registry): "this network",
 * private, CGNAT, loopback, link-local (cloud metadata lives there), IETF protocol assignments,
 * documentation, the deprecated 6to4 relay anycast, benchmarking, multicast, reserved and broadcast.
 */
const BLOCKED_V4: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4], // includes 255.255.255.255
];

/**
 * IPv6 is allowed by range, not refused by range: only global unicast (2000::/3) and the two forms
 * that carry an IPv4 address a DNS64/dual-stack host really connects through — IPv4-mapped
 * (::ffff:a.b.c.d) and the NAT64 well-known prefix (64:ff9b::a.b.c.d) — whose embedded IPv4 must
 * itself be public. Everything else (::, ::1, IPv4-compatible ::a.b.c.d, fc00::/7, fe80::/10,
 * ff00::/8, the local-use NAT64 prefix 64:ff9b:1::/48, discard-only 100::/64…) is outside them.
 */
const ALLOWED_V6: readonly (readonly [string, number])[] = [
  ["2000::", 3],
  ["::ffff:0.0.0.0", 96],
  ["64:ff9b::", 96],
];

/**
 * Inside those: IETF protocol assignments 2001::/23 (Teredo 2001::/32 — whose addresses embed an
 * obfuscated IPv4 — benchmarking, ORCHID), documentation 2001:db8::/32 and 3fff::/20, 6to4
 * 2002::/16 (deprecated by RFC 7526; a 6to4 address embeds an IPv4 the relay would forward to, so
 * the whole prefix is refused rather than decoded), SRv6 SIDs 5f00::/16, and the IPv4-embedding
 * forms whose IPv4 is in BLOCKED_V4.
 */
const BLOCKED_V6: readonly (readonly [string, number])[] = [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
  ["5f00::", 16],
  ...BLOCKED_V4.flatMap(([net, prefix]) => [
    [`::ffff:${net}`, 96 + prefix] as const,
    [`64:ff9b::${net}`, 96 + prefix] as const,
  ]),
];

function blockList(entries: readonly (readonly [string, number])[], family: "ipv4" | "ipv6"): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of entries) list.addSubnet(net, prefix, family);
  return list;
}

const V4_BLOCKED = blockList(BLOCKED_V4, "ipv4");
const V6_ALLOWED = blockList(ALLOWED_V6, "ipv6");
const V6_BLOCKED = blockList(BLOCKED_V6, "ipv6");

/** True only for an address on the public internet; anything unparseable is not. */
export function isPublicAddress(address: string): boolean {
  try {
    const family = isIP(address);
    if (family === 4) return !V4_BLOCKED.check(address, "ipv4");
    if (family === 6) return V6_ALLOWED.check(address, "ipv6") && !V6_BLOCKED.check(address, "ipv6");
  } catch {
    // A zone id or another form BlockList cannot read: not provably public.
  }
  return false;
}

export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

/** Every address a host name resolves to (injectable, so tests can make a name resolve anywhere). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** A resolver that has not answered by then counts as not resolving (bounds a refusal's time). */
export const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * Every refusal that depends on the network takes at least this long, so an IP literal refused at
 * once and a name refused after a DNS lookup (or not resolving at all) answer alike.
 */
export const REFUSAL_FLOOR_MS = 250;

export interface UrlPolicy {
  allowPrivate: boolean;
  resolve?: HostResolver | undefined;
  /** Defaults to REFUSAL_FLOOR_MS; the worker, whose timing nobody observes, passes 0. */
  refusalFloorMs?: number | undefined;
}

/**
 * `addresses`: when private targets are refused, the checked addresses the request must connect to
 * (pinned, so DNS rebinding between check and connect cannot reach inside); null when private
 * targets are allowed and the host is resolved as usual.
 */
export type UrlCheck = { ok: true; url: URL; addresses: string[] | null } | { ok: false };

/**
 * http(s) only, no credentials; unless private targets are allowed, the host (an IP literal in any
 * form the URL parser accepts — decimal, octal, hex, IPv4-mapped — or a name) must resolve, and
 * every address it resolves to must be public. A refusal says nothing about why: the same answer
 * for a blocked literal, a name resolving inside, and a name not resolving at all.
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false };
  if (url.username || url.password) return { ok: false };
  if (policy.allowPrivate) return { ok: true, url, addresses: null };

  const started = performance.now();
  // WHATWG URL parsing has already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1 and
  // [0:0:0:0:0:ffff:127.0.0.1] into [::ffff:7f00:1]; the check sees the canonical form.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = await resolveBounded(host, policy.resolve ?? systemResolver);
  if (addresses.length > 0 && addresses.every(isPublicAddress)) return { ok: true, url, addresses };
  const floor = policy.refusalFloorMs ?? REFUSAL_FLOOR_MS;
  const remaining = floor - (performance.now() - started);
  if (remaining > 0) await sleep(remaining);
  return { ok: false };
}

async function resolveBounded(host: string, resolve: HostResolver): Promise<string[]> {
  if (isIP(host)) return [host];
  const timeout = new AbortController();
  try {
    return await Promise.race([
      resolve(host),
      sleep(RESOLVE_TIMEOUT_MS, [] as string[], { signal: timeout.signal }),
    ]);
  } catch {
    return [];
  } finally {
    timeout.abort();
  }
}
