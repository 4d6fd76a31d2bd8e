import { describe, expect, it } from "vitest";
import { checkWebhookUrl, isPrivateAddress } from "./ssrf.ts";

describe("SSRF guard for production webhooks", () => {
  it("classifies loopback, private, link-local, metadata, CGNAT and v6 forms as private", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd12::1",
      "::ffff:127.0.0.1",
      "fd00:ec2::254",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["8.8.8.8", "93.184.216.34", "172.32.0.1", "2606:4700::1111"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses private targets in production, by IP literal and by a name that resolves to one", async () => {
    for (const url of [
      "http://127.0.0.1:3000/hook",
      "http://[::1]/x",
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.5/",
      "http://localhost:8080/",
    ]) {
      const check = await checkWebhookUrl(url, { allowPrivate: false });
      expect(check.ok, url).toBe(false);
    }
  });

  it("refuses non-http schemes and credentials everywhere; sandbox allows local URLs", async () => {
    expect((await checkWebhookUrl("ftp://example.com/x", { allowPrivate: true })).ok).toBe(false);
    expect((await checkWebhookUrl("file:///etc/passwd", { allowPrivate: true })).ok).toBe(false);
    expect((await checkWebhookUrl("https://user:pw@example.com/", { allowPrivate: true })).ok).toBe(false);
    expect((await checkWebhookUrl("http://localhost:3000/webhooks", { allowPrivate: true })).ok).toBe(true);
  });
});
