import { type FormEvent, useId, useState } from "react";
import type { EnvironmentType } from "../api/types.ts";
import { Modal } from "../ui/Modal.tsx";
import { ENVIRONMENT_NAME_MAX, environmentNameError } from "./environment-rules.ts";
import { useEnvironments } from "./environments.tsx";
import { ENVIRONMENTS } from "./messages.ts";

/** Name (letters, digits, - and _, ≤ 50) and type (sandbox by default). */
export function CreateEnvironmentModal({ onClose }: { onClose(): void }) {
  const { create, busy } = useEnvironments();
  const [name, setName] = useState("");
  const [type, setType] = useState<EnvironmentType>("sandbox");
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const typeId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = environmentNameError(name);
    if (invalid) return setError(invalid);
    const failed = await create(name, type);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <Modal title={ENVIRONMENTS.createTitle} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <label htmlFor={nameId}>{ENVIRONMENTS.name}</label>
        <input
          id={nameId}
          value={name}
          maxLength={ENVIRONMENT_NAME_MAX + 10}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          data-autofocus
        />
        <label htmlFor={typeId}>{ENVIRONMENTS.type}</label>
        <select id={typeId} value={type} onChange={(e) => setType(e.target.value as EnvironmentType)}>
          <option value="sandbox">{ENVIRONMENTS.sandbox}</option>
          <option value="production">{ENVIRONMENTS.production}</option>
        </select>
        <div role="alert" className="error-text">
          {error}
        </div>
        <div className="row row-end">
          <button type="button" className="button" onClick={onClose}>
            {ENVIRONMENTS.cancel}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? ENVIRONMENTS.creating : ENVIRONMENTS.create}
          </button>
        </div>
      </form>
    </Modal>
  );
}
