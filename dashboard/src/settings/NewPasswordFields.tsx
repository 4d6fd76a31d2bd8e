import { useId } from "react";

interface Props {
  labels: { password: string; confirm: string };
  /** Shown under the password and read with it (what makes a password acceptable). */
  hint?: string | undefined;
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
}

/**
 * A new password and the same typed again: what every form that sets a password asks (changing
 * it, joining by invitation). Password managers offer to generate and save it (`new-password`).
 */
export function NewPasswordFields({ labels, hint, password, confirm, onPassword, onConfirm }: Props) {
  const ids = { password: useId(), confirm: useId(), hint: useId() };
  return (
    <>
      <div className="field">
        <label htmlFor={ids.password}>{labels.password}</label>
        <input
          id={ids.password}
          type="password"
          autoComplete="new-password"
          aria-describedby={hint ? ids.hint : undefined}
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
        {hint ? (
          <p id={ids.hint} className="muted">
            {hint}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={ids.confirm}>{labels.confirm}</label>
        <input
          id={ids.confirm}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => onConfirm(e.target.value)}
        />
      </div>
    </>
  );
}
