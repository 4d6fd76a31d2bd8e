import { useId, useState } from "react";
import { CharacterCounter } from "../onboarding/CharacterCounter.tsx";
import { SETTINGS } from "./messages.ts";

/**
 * A value with an Edit button; Save sends it to the server. When the server refuses it the typed
 * text stays in the field with the reason (plain words, from `onSave`) beside it, until it is edited.
 * `maxLength`: the server's limit, shown as a counter while editing.
 */
export function EditableField({
  label,
  value,
  type = "text",
  multiline = false,
  maxLength,
  readOnly = false,
  onSave,
}: {
  label: string;
  value: string;
  type?: "text" | "url" | "email";
  multiline?: boolean;
  maxLength?: number;
  /** Shown without Edit: the role may not change it (the section says why). */
  readOnly?: boolean;
  onSave(next: string): Promise<string | null>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  if (!editing) {
    return (
      <div className="field-row">
        <dt>{label}</dt>
        <dd>
          <span className="truncate" title={value || undefined}>
            {value || SETTINGS.notAvailable}
          </span>
          {readOnly ? null : (
            <button
              type="button"
              className="button button-small"
              aria-label={`${SETTINGS.edit} ${label}`}
              onClick={() => {
                setDraft(value);
                setEditing(true);
              }}
            >
              {SETTINGS.edit}
            </button>
          )}
        </dd>
      </div>
    );
  }
  const save = async () => {
    setBusy(true);
    const failed = await onSave(draft);
    setBusy(false);
    if (failed) setError(failed);
    else {
      setError(null);
      setEditing(false);
    }
  };
  const described = [maxLength ? `${id}-counter` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const input = {
    value: draft,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
    onChange: (e: { target: { value: string } }) => {
      setDraft(e.target.value);
      setError(null);
    },
  };
  return (
    <div className="field-row">
      <dt>
        <label htmlFor={id}>{label}</label>
      </dt>
      <dd>
        {multiline ? (
          <textarea id={id} rows={4} data-autofocus {...input} />
        ) : (
          <input id={id} type={type} data-autofocus {...input} />
        )}
        {maxLength ? <CharacterCounter id={`${id}-counter`} value={draft} max={maxLength} /> : null}
        <button type="button" className="button button-small button-primary" onClick={save} disabled={busy}>
          {SETTINGS.save}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            setError(null);
            setEditing(false);
          }}
        >
          {SETTINGS.cancel}
        </button>
        <span id={`${id}-error`} role="alert" className="error-text">
          {error}
        </span>
      </dd>
    </div>
  );
}
