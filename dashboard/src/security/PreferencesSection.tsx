import { useId, useState } from "react";
import { fieldErrorOf } from "../api/field-errors.ts";
import { errorMessage } from "../api/http.ts";
import type { Preferences } from "../api/types.ts";
import { useSession } from "../state/session.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { PREFERENCES } from "./messages.ts";
import { usePreferenceChange, usePreferences } from "./useSecurity.ts";

const NAMES = Object.keys(PREFERENCES.names) as (keyof Preferences)[];

/**
 * Which emails the member receives: four switches, each saved the moment it is flipped (shown at
 * once, put back with the reason when the server refuses).
 */
export function PreferencesSection() {
  const { token } = useSession();
  const preferences = usePreferences(token);
  const change = usePreferenceChange(token);
  const [news, setNews] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const flip = (name: keyof Preferences, on: boolean) => {
    const { label } = PREFERENCES.names[name];
    setError(null);
    setNews(null);
    change.mutate(
      { name, on },
      {
        onSuccess: () => setNews(PREFERENCES.saved(label, on)),
        onError: (err) => setError(PREFERENCES.saveFailed(label, fieldErrorOf(err).message)),
      },
    );
  };

  return (
    <section className="card" id="email-preferences" aria-labelledby="preferences-title">
      <h2 id="preferences-title">{PREFERENCES.title}</h2>
      <p className="muted">{PREFERENCES.intro}</p>
      {preferences.isPending && !preferences.isError ? <Loading label={PREFERENCES.loading} /> : null}
      {preferences.error ? (
        <ErrorNotice
          message={PREFERENCES.failed(errorMessage(preferences.error))}
          onRetry={() => void preferences.refetch()}
        />
      ) : null}
      {preferences.data ? (
        <ul className="list preference-list">
          {NAMES.map((name) => (
            <PreferenceSwitch
              key={name}
              name={name}
              on={preferences.data[name]}
              saving={change.isPending && change.variables?.name === name}
              onChange={(on) => flip(name, on)}
            />
          ))}
        </ul>
      ) : null}
      <p role="alert" className="error-text">
        {error}
      </p>
      <p role="status" className="success-text" data-testid="preferences-news">
        {news}
      </p>
    </section>
  );
}

function PreferenceSwitch({
  name,
  on,
  saving,
  onChange,
}: {
  name: keyof Preferences;
  on: boolean;
  saving: boolean;
  onChange(on: boolean): void;
}) {
  const hintId = useId();
  const { label, hint } = PREFERENCES.names[name];
  return (
    <li className="list-row preference-row">
      <div className="stack-tight">
        <label className="checkbox">
          <input
            type="checkbox"
            role="switch"
            aria-checked={on}
            aria-describedby={hintId}
            checked={on}
            // A switch being saved is not flipped again until the server answered; it stays
            // enabled, so the keyboard's focus stays on it.
            aria-busy={saving || undefined}
            onChange={(e) => {
              if (!saving) onChange(e.target.checked);
            }}
          />
          {label}
        </label>
        <span id={hintId} className="muted preference-hint">
          {hint}
        </span>
      </div>
    </li>
  );
}
