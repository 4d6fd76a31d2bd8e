import { Secret, TOTP } from "otpauth";
import { nowSeconds } from "../../domain/ids.ts";

/**
 * The authenticator-app parameters every app understands (RFC 6238's defaults): HMAC-SHA1, six
 * digits, a 30-second time step. Apps ignore anything else in the otpauth URL often enough that
 * changing them would lock users out.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** 160 bits, the HMAC-SHA1 key length RFC 4226 recommends. */
const SECRET_BYTES = 20;
/** A code from the step before or after is accepted too: phones' clocks drift. */
const WINDOW = 1;
export const TOTP_ISSUER = "sPay";

function totpOf(secretBase32: string, label = "sPay"): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret, base32 (what apps take when typed in by hand). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` URL an authenticator app scans (as a QR code) to add the account. */
export function otpauthUrl(secretBase32: string, label: string): string {
  return totpOf(secretBase32, label).toString();
}

/**
 * The time step `code` is valid for under `secretBase32` now (± one step), or null when it is not
 * a current code. The step, not the code, is what makes a code single-use: the caller refuses a
 * step at or before the last one accepted.
 */
export function totpStepOf(secretBase32: string, code: string, nowMs = nowSeconds() * 1000): number | null {
  const token = code.replace(/\s+/g, "");
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(token)) return null;
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: nowMs }) + delta;
}
