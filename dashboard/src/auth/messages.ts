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
} as const;
