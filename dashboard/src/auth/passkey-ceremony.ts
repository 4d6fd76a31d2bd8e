import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type {
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from "../api/types.ts";

/** Whether this browser can use passkeys at all (WebAuthn); a button it cannot use is not offered. */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/**
 * The browser's side of a passkey ceremony, through @simplewebauthn/browser (imported when first
 * used: signing in with a password never downloads it). The server's options are the library's
 * JSON options; what the browser makes is the JSON the server's schemas take.
 * An object, so a test can stand in for the authenticator.
 */
export const passkeyCeremony = {
  /** Asks the browser for one of its passkeys to sign the server's challenge. */
  async answer(options: PasskeyRequestOptions): Promise<PasskeyAssertion> {
    const { startAuthentication } = await import("@simplewebauthn/browser");
    const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
    return (await startAuthentication({ optionsJSON })) as unknown as PasskeyAssertion;
  },
  /** Asks the browser (or a security key) to create a passkey for the account. */
  async create(options: PasskeyCreationOptions): Promise<PasskeyRegistrationResponse> {
    const { startRegistration } = await import("@simplewebauthn/browser");
    const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
    return (await startRegistration({ optionsJSON })) as unknown as PasskeyRegistrationResponse;
  },
};

/**
 * What went wrong on the browser's side, in the library's terms: the person closed the prompt (or
 * it timed out), or the authenticator already holds a passkey for this account; null for anything
 * else (the caller's own message).
 */
export function passkeyRefusal(err: unknown): "canceled" | "already_registered" | null {
  if (!(err instanceof Error)) return null;
  const code = (err as { code?: unknown }).code;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "already_registered";
  if (code === "ERROR_CEREMONY_ABORTED" || err.name === "NotAllowedError" || err.name === "AbortError")
    return "canceled";
  return null;
}
