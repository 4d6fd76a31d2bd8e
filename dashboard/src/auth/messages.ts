/** The texts of signing in (SPEC.md quoted texts kept exactly); shared texts are in ../messages.ts. */
import { ERRORS } from "@spay/protocol";

export const AUTH = {
  register: "Register",
  signIn: "Sign In",
  toSignIn: "Already have an account? Sign in",
  toRegister: "Don't have an account? Sign up",
  email: "Email",
  password: "Password",
  close: "Close",
  withWallet: "Sign in with wallet",
  working: "Please wait...",
  or: "or",
  emailExists: ERRORS.email_already_exists.message,
  invalidCredentials: ERRORS.invalid_credentials.message,
  passwordTooWeak: ERRORS.password_too_weak.message,
  signInThrottled: "Too many failed sign-in attempts for this account. Try again within 15 minutes.",
  failed: "Authentication failed",
  withPasskey: "Sign in with a passkey",
  passkeyCanceled: "The passkey prompt was closed. Try again, or sign in with your email.",
  passkeyFailed: "That passkey could not be verified. Try again, or sign in with your email.",
} as const;

/**
 * The second step of a sign-in (the account has a second factor) and the step-up question asked
 * before a guarded action: the same answers — a code from the authenticator app, a recovery code,
 * a passkey.
 */
export const SECOND_FACTOR = {
  title: "Two-factor authentication",
  codePrompt: "Enter the 6-digit code from your authenticator app.",
  codeLabel: "Authentication code",
  recoveryPrompt: "Enter one of the recovery codes you saved when you set up two-factor authentication.",
  recoveryLabel: "Recovery code",
  recoveryHint: "Each recovery code works once.",
  passkeyPrompt: "Use the passkey saved on this device or your security key.",
  useRecovery: "Use a recovery code instead",
  useCode: "Use your authenticator app instead",
  usePasskey: "Use a passkey",
  verify: "Verify",
  verifying: "Verifying…",
  waitingForPasskey: "Waiting for your passkey…",
  startOver: "Back to sign in",
  codeRequired: "Enter the code",
  invalidCode: "That code is incorrect or was already used. Try again.",
  challengeExpired: "This sign-in expired or had too many attempts. Sign in again.",
  throttled: (minutes: number | null) =>
    minutes === null
      ? "Too many wrong codes for this account. Wait a few minutes, then try again."
      : `Too many wrong codes for this account. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  passkeyInvalid: "That passkey could not be verified. Try again, or use a code.",
  passkeyCanceled: "The passkey prompt was closed. Try again, or use a code.",
  passkeyUnsupported: "This browser cannot use passkeys.",
  failed: "Verification failed. Try again.",
} as const;
