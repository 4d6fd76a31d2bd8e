import { useId, useState } from "react";
import { SETTINGS } from "../messages.ts";

/** A value with an Edit button; Save sends it to the server (the error shows when it fails). */
export function EditableField({
  label,
  value,
  type = "text",
  onSave,
}: {
  label: string;
  value: string;
  type?: "text" | "url" | "email";
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
          <span>{value || SETTINGS.notAvailable}</span>
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
  return (
    <div className="field-row">
      <dt>
        <label htmlFor={id}>{label}</label>
      </dt>
      <dd>
        <input id={id} type={type} value={draft} onChange={(e) => setDraft(e.target.value)} data-autofocus />
        <button type="button" className="button button-small button-primary" onClick={save} disabled={busy}>
          {SETTINGS.save}
        </button>
        <button type="button" className="button button-small" onClick={() => setEditing(false)}>
          {SETTINGS.cancel}
        </button>
        <span role="alert" className="error-text">
          {error}
        </span>
      </dd>
    </div>
  );
}
