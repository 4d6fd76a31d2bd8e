import { createHmac, timingSafeEqual } from "node:crypto";
import type { SecretBox } from "../../domain/secret-box.ts";

/**
 * The link that downloads an export. An export holds every payment, customer and audit entry of the
 * range, so its link must stop working soon after it was handed out (it travels in browser history,
 * proxy logs and mail); but a browser download sends no bearer header, so the link itself must be
 * the credential: it carries its expiry and an HMAC-SHA256 tag over (export id, expiry, to whom it
 * was issued) under a key of its own, derived from the server's sealing key. Nothing is stored: the
 * API signs a fresh link on every read of the export, and the server checks one by recomputing the
 * tag and comparing in constant time.
 *
 * To whom it was issued (the member or API key that read the export) is signed in, so the audit
 * entry of a download names who the link was given to, though the download itself carries no
 * credential.
 */
export const DOWNLOAD_LINK_SECONDS = 15 * 60;
const KEY_PURPOSE = "export-download-link/v1";
const TAG_BYTES = 32;

/** Who a link was issued to: a member (`user_…`) or an API key (`key_…`). */
export type LinkHolder = { type: "user" | "api_key"; id: string };

export type LinkCheck =
  | { ok: true; holder: LinkHolder; expiresAt: number }
  | { ok: false; reason: "invalid" | "expired" };

const EXPIRY = /^[1-9][0-9]{0,11}$/;
const HOLDER = /^(user|key)_[A-Za-z0-9]{1,64}$/;

export class DownloadLinks {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length < 32) throw new Error("DownloadLinks needs a key of at least 32 bytes");
    this.#key = key;
  }

  /** The `token` of a link to `exportId` for `holder`, valid for 15 minutes from `now`. */
  token(exportId: string, holder: LinkHolder, now: number): string {
    const expiresAt = now + DOWNLOAD_LINK_SECONDS;
    return `${expiresAt}.${holder.id}.${this.#tag(exportId, expiresAt, holder.id).toString("base64url")}`;
  }

  /**
   * Whether `token` is a link to `exportId` this server issued and still valid at `now`. A token
   * whose tag does not match is `invalid` whatever its expiry says: only a genuine link learns it
   * has expired.
   */
  check(exportId: string, token: string | null | undefined, now: number): LinkCheck {
    const [expiry, holderId, tag, ...rest] = (token ?? "").split(".");
    if (rest.length > 0 || !expiry || !holderId || !tag) return { ok: false, reason: "invalid" };
    if (!EXPIRY.test(expiry) || !HOLDER.test(holderId)) return { ok: false, reason: "invalid" };
    const given = Buffer.from(tag, "base64url");
    const expiresAt = Number(expiry);
    const expected = this.#tag(exportId, expiresAt, holderId);
    // base64url decoding is lenient; re-encoding rules out a second spelling of the same bytes.
    if (given.length !== expected.length || given.toString("base64url") !== tag)
      return { ok: false, reason: "invalid" };
    if (!timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
    if (now >= expiresAt) return { ok: false, reason: "expired" };
    const holder: LinkHolder = holderId.startsWith("user_")
      ? { type: "user", id: holderId }
      : { type: "api_key", id: holderId };
    return { ok: true, holder, expiresAt };
  }

  #tag(exportId: string, expiresAt: number, holderId: string): Buffer {
    // Separated by a character no part may hold, so no two (id, expiry, holder) share a message.
    return createHmac("sha256", this.#key)
      .update(`${exportId}\n${expiresAt}\n${holderId}`)
      .digest()
      .subarray(0, TAG_BYTES);
  }
}

const byBox = new WeakMap<SecretBox, DownloadLinks>();

/** The download links keyed by `box`'s derived key (one derivation per process). */
export function downloadLinksOf(box: SecretBox): DownloadLinks {
  let links = byBox.get(box);
  if (!links) {
    links = new DownloadLinks(box.deriveKey(KEY_PURPOSE));
    byBox.set(box, links);
  }
  return links;
}
