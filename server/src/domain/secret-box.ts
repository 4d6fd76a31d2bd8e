import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets the server must be able to read back (webhook signing secrets: HMAC
 * needs the secret itself, so it cannot be hashed). Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error("SecretBox needs a 32-byte key");
    this.key = key;
  }

  static generateKey(): string {
    return randomBytes(32).toString("base64");
  }

  /**
   * A separate 32-byte key for another purpose (HKDF-SHA256, `purpose` as info), so the sealing key
   * itself is never used twice and a leak of one derived key says nothing about the others.
   */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync("sha256", this.key, Buffer.alloc(0), `spay:${purpose}`, 32));
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [
      "v1",
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      body.toString("base64url"),
    ].join(".");
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("not a sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  }
}
