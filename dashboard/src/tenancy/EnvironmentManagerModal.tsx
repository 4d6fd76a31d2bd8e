import { type FormEvent, useId, useState } from "react";
import type { Environment } from "../api/types.ts";
import { formatDate } from "../ui/format.ts";
import { Modal } from "../ui/Modal.tsx";
import { Loading } from "../ui/Status.tsx";
import { CreateEnvironmentModal } from "./CreateEnvironmentModal.tsx";
import { canDelete, canRename } from "./environment-rules.ts";
import { useEnvironments } from "./environments.tsx";
import { ENVIRONMENTS } from "./messages.ts";

type Dialog = { kind: "rename" | "delete"; env: Environment } | { kind: "create" } | null;

/** Lists Sandbox and Production environments with rename and delete (never the last one). */
export function EnvironmentManagerModal({ onClose }: { onClose(): void }) {
  const { list, current, loading, busy, select } = useEnvironments();
  const [dialog, setDialog] = useState<Dialog>(null);
  const groups = [
    { type: "sandbox" as const, title: ENVIRONMENTS.sandbox },
    { type: "production" as const, title: ENVIRONMENTS.production },
  ];

  return (
    <>
      <Modal title={ENVIRONMENTS.managerTitle} onClose={onClose} wide>
        {loading && list.length === 0 ? <Loading /> : null}
        {!loading && list.length === 0 ? (
          <div className="empty">
            <p>{ENVIRONMENTS.empty}</p>
            <button
              type="button"
              className="button button-primary"
              onClick={() => setDialog({ kind: "create" })}
            >
              {ENVIRONMENTS.createFirst}
            </button>
          </div>
        ) : null}
        {list.length === 1 ? (
          <p className="notice notice-warning" role="note">
            {ENVIRONMENTS.cannotDeleteLast}
          </p>
        ) : null}
        {groups.map((g) => {
          const items = list.filter((e) => e.type === g.type);
          if (items.length === 0) return null;
          return (
            <section key={g.type} aria-label={g.title}>
              <h3>{g.title}</h3>
              <ul className="list">
                {items.map((env) => (
                  <li key={env.id} className="list-row" data-testid={`environment-${env.name}`}>
                    <div>
                      <button type="button" className="text-link" onClick={() => select(env.id)}>
                        {env.name}
                      </button>
                      {current?.id === env.id ? (
                        <span className="badge badge-success">{ENVIRONMENTS.current}</span>
                      ) : null}
                      <div className="muted">{ENVIRONMENTS.created(formatDate(env.created_at))}</div>
                    </div>
                    <div className="row">
                      <button
                        type="button"
                        className="button button-small"
                        onClick={() => setDialog({ kind: "rename", env })}
                        disabled={busy}
                      >
                        {ENVIRONMENTS.rename}
                        <span className="visually-hidden"> {env.name}</span>
                      </button>
                      <button
                        type="button"
                        className="button button-small button-danger"
                        disabled={!canDelete(list.length, busy)}
                        onClick={() => setDialog({ kind: "delete", env })}
                      >
                        {ENVIRONMENTS.delete}
                        <span className="visually-hidden"> {env.name}</span>
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        {list.length > 0 ? (
          <button type="button" className="button" onClick={() => setDialog({ kind: "create" })}>
            {ENVIRONMENTS.create}
          </button>
        ) : null}
      </Modal>
      {dialog?.kind === "create" ? <CreateEnvironmentModal onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "rename" ? (
        <RenameEnvironmentModal env={dialog.env} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === "delete" ? (
        <DeleteEnvironmentModal env={dialog.env} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}

function RenameEnvironmentModal({ env, onClose }: { env: Environment; onClose(): void }) {
  const { rename, busy } = useEnvironments();
  const [name, setName] = useState(env.name);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canRename(name, env.name)) return;
    const failed = await rename(env.id, name);
    if (failed) setError(failed);
    else onClose();
  };
  return (
    <Modal title={ENVIRONMENTS.renameTitle} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label htmlFor={id}>{ENVIRONMENTS.newName}</label>
        <input id={id} value={name} onChange={(e) => setName(e.target.value)} data-autofocus />
        <div role="alert" className="error-text">
          {error}
        </div>
        <div className="row row-end">
          <button type="button" className="button" onClick={onClose}>
            {ENVIRONMENTS.cancel}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={!canRename(name, env.name) || busy}
          >
            {ENVIRONMENTS.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteEnvironmentModal({ env, onClose }: { env: Environment; onClose(): void }) {
  const { remove, busy, list } = useEnvironments();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    const failed = await remove(env.id);
    if (failed) setError(failed);
    else onClose();
  };
  return (
    <Modal title={ENVIRONMENTS.deleteTitle} onClose={onClose}>
      <p>{ENVIRONMENTS.deleteConfirm(env.name)}</p>
      <div role="alert" className="error-text">
        {error}
      </div>
      <div className="row row-end">
        <button type="button" className="button" onClick={onClose}>
          {ENVIRONMENTS.cancel}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={!canDelete(list.length, busy)}
          onClick={confirm}
        >
          {ENVIRONMENTS.delete}
        </button>
      </div>
    </Modal>
  );
}
