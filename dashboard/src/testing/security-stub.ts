import type { AccountSession, Passkey, Preferences, TwoFactorStatus } from "../api/types.ts";
import { on } from "./api-stub.ts";

/** The recovery codes the stubbed server answers a confirmed enrollment (or new codes) with. */
export const RECOVERY = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, "0")}`);
export const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
export const OTPAUTH = `otpauth://totp/sPay:merchant%40example.com?secret=${SECRET}&issuer=sPay`;

export function session(id: string, overrides: Partial<AccountSession> = {}): AccountSession {
  return {
    id,
    object: "session",
    current: false,
    device: "Firefox 133 on Linux",
    user_agent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    ip: "203.0.113.7",
    created_at: 1_767_225_600,
    last_seen_at: 1_767_229_200,
    expires_at: 1_769_817_600,
    ...overrides,
  };
}

export function passkey(id: string, name: string, overrides: Partial<Passkey> = {}): Passkey {
  return {
    id,
    object: "passkey",
    name,
    backed_up: true,
    transports: ["internal"],
    created_at: 1_767_225_600,
    last_used_at: null,
    ...overrides,
  };
}

/**
 * The signed-in user's account security as the server keeps it: the two-factor status, passkeys,
 * sessions and email preferences, read by the routes below (tests change `state` between calls).
 */
/** The authenticator app's part of the status; the passkeys' part is counted from `passkeys`. */
type TotpStatus = Pick<TwoFactorStatus, "totp" | "recovery_codes_remaining">;

export function securityServer(
  initial: {
    twoFactor?: TotpStatus;
    passkeys?: Passkey[];
    sessions?: AccountSession[];
    preferences?: Preferences;
  } = {},
) {
  const state = {
    twoFactor: initial.twoFactor ?? {
      totp: { enabled: false, created_at: null },
      recovery_codes_remaining: 0,
    },
    passkeys: [...(initial.passkeys ?? [])],
    sessions: [...(initial.sessions ?? [session("sess_here", { current: true })])],
    preferences: initial.preferences ?? {
      payment_notifications: false,
      refund_notifications: false,
      team_notifications: true,
      security_alerts: true,
    },
  };
  return {
    state,
    routes: [
      on("GET", "/v1/auth/two-factor", () => ({
        body: {
          ...state.twoFactor,
          passkeys: state.passkeys.length,
          enabled: state.twoFactor.totp.enabled || state.passkeys.length > 0,
        } satisfies TwoFactorStatus,
      })),
      on("GET", "/v1/auth/passkeys", () => ({ body: { object: "list", data: state.passkeys } })),
      on("GET", "/v1/auth/sessions", () => ({ body: { object: "list", data: state.sessions } })),
      on("GET", "/v1/auth/preferences", () => ({ body: state.preferences })),
    ],
  };
}
