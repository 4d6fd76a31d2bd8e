import { describe, expect, it } from "vitest";
import { SecretBox } from "../../domain/secret-box.ts";
import { DOWNLOAD_LINK_SECONDS, DownloadLinks, downloadLinksOf } from "./download-link.ts";

const links = new DownloadLinks(Buffer.alloc(32, 7));
const EXPORT = "exp_AAAAAAAAAAAAAAAAAAAAAAAA";
const MEMBER = { type: "user", id: "user_BBBBBBBBBBBBBBBBBBBBBBBB" } as const;
const NOW = 1_800_000_000;

describe("export download links", () => {
  it("a link works for 15 minutes and names who it was issued to", () => {
    const token = links.token(EXPORT, MEMBER, NOW);
    expect(links.check(EXPORT, token, NOW)).toEqual({
      ok: true,
      holder: MEMBER,
      expiresAt: NOW + DOWNLOAD_LINK_SECONDS,
    });
    expect(links.check(EXPORT, token, NOW + DOWNLOAD_LINK_SECONDS - 1).ok).toBe(true);
    expect(links.check(EXPORT, token, NOW + DOWNLOAD_LINK_SECONDS)).toEqual({ ok: false, reason: "expired" });
    expect(DOWNLOAD_LINK_SECONDS).toBe(900);
  });

  it("tells an API key holder from a member", () => {
    const key = { type: "api_key", id: "key_CCCCCCCCCCCCCCCCCCCCCCCC" } as const;
    expect(links.check(EXPORT, links.token(EXPORT, key, NOW), NOW)).toMatchObject({ ok: true, holder: key });
  });

  it("a link to one export does not open another", () => {
    const token = links.token(EXPORT, MEMBER, NOW);
    expect(links.check("exp_DDDDDDDDDDDDDDDDDDDDDDDD", token, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("a later expiry, another holder or a changed tag is invalid, not merely expired", () => {
    const token = links.token(EXPORT, MEMBER, NOW);
    const [expiry, holder, tag] = token.split(".") as [string, string, string];
    const later = `${Number(expiry) + 3600}.${holder}.${tag}`;
    expect(links.check(EXPORT, later, NOW)).toEqual({ ok: false, reason: "invalid" });
    // A forged link whose expiry has passed must not learn that it would otherwise be valid.
    const past = `${NOW - 10}.${holder}.${tag}`;
    expect(links.check(EXPORT, past, NOW)).toEqual({ ok: false, reason: "invalid" });
    const other = `${expiry}.user_EEEEEEEEEEEEEEEEEEEEEEEE.${tag}`;
    expect(links.check(EXPORT, other, NOW)).toEqual({ ok: false, reason: "invalid" });
    const flipped = `${expiry}.${holder}.${tag.startsWith("A") ? "B" : "A"}${tag.slice(1)}`;
    expect(links.check(EXPORT, flipped, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(links.check(EXPORT, `${expiry}.${holder}.${tag}=`, NOW).ok).toBe(false);
    expect(links.check(EXPORT, `${expiry}.${holder}.${tag.slice(0, -2)}`, NOW).ok).toBe(false);
  });

  it("refuses missing and malformed tokens", () => {
    for (const token of [
      undefined,
      null,
      "",
      "x",
      "1.2",
      "a.b.c",
      `${NOW}..tag`,
      `0${NOW}.user_x.t`,
      "1.2.3.4",
    ])
      expect(links.check(EXPORT, token, NOW), String(token)).toEqual({ ok: false, reason: "invalid" });
  });

  it("a link signed under another server's key is invalid", () => {
    const other = new DownloadLinks(Buffer.alloc(32, 8));
    expect(links.check(EXPORT, other.token(EXPORT, MEMBER, NOW), NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("comes from a key derived for this purpose, not the sealing key itself", () => {
    const box = new SecretBox(Buffer.alloc(32, 7));
    const token = downloadLinksOf(box).token(EXPORT, MEMBER, NOW);
    expect(links.check(EXPORT, token, NOW).ok).toBe(false);
    expect(new DownloadLinks(box.deriveKey("export-download-link/v1")).check(EXPORT, token, NOW).ok).toBe(
      true,
    );
  });
});
