import { ACCOUNT } from "./messages.ts";

export const MIN_PASSWORD_LENGTH = 8;

/** The Change Password form's check before it calls the server; null when it may be sent. */
export function passwordFormError(input: {
  current: string;
  next: string;
  confirm: string;
  needsCurrent: boolean;
}): string | null {
  if (input.needsCurrent && !input.current) return ACCOUNT.currentIncorrect;
  if (input.next.length < MIN_PASSWORD_LENGTH) return ACCOUNT.passwordTooShort;
  if (input.next !== input.confirm) return ACCOUNT.passwordMismatch;
  return null;
}
