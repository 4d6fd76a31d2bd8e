import type { AuditEntry } from "../api/audit-log.ts";
import { formatTime } from "../payments/payment-rules.ts";
import { useSession } from "../state/session.tsx";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { AUDIT_LOG } from "./messages.ts";
import { useAuditLog } from "./useAuditLog.ts";

/** The label of an action; an action this dashboard does not know yet shows as the server named it. */
export function auditActionLabel(action: string): string {
  return AUDIT_LOG.actions[action] ?? action;
}

/** "You", or the kind of actor and its id (an API key's id, another member's user id). */
export function auditActorLabel(entry: AuditEntry, currentUserId: string | null | undefined): string {
  if (entry.actor.type === "user" && entry.actor.id && entry.actor.id === currentUserId)
    return AUDIT_LOG.actors.you;
  const kind = AUDIT_LOG.actors[entry.actor.type];
  return entry.actor.id ? `${kind} ${entry.actor.id}` : kind;
}

/** Settings → Audit log: the workspace's security log, a page at a time; owners' and admins' only. */
export function AuditLogSection() {
  const reads = useCan("audit_log.read");
  if (!reads)
    return (
      <section className="card audit-log" aria-labelledby="audit-log-title">
        <h2 id="audit-log-title">{AUDIT_LOG.title}</h2>
        <RoleNote permission="audit_log.read" />
      </section>
    );
  return <AuditLog />;
}

function AuditLog() {
  const auth = useWorkspaceAuth();
  const { user } = useSession();
  const { entries, hasMore, loading, loadingMore, error, loadMore } = useAuditLog(auth);

  return (
    <section className="card audit-log" aria-labelledby="audit-log-title" aria-busy={loading || loadingMore}>
      <h2 id="audit-log-title">{AUDIT_LOG.title}</h2>
      <p className="muted">{AUDIT_LOG.intro}</p>
      {loading ? (
        <p role="status">{AUDIT_LOG.loading}</p>
      ) : entries.length === 0 && !error ? (
        <p className="empty">{AUDIT_LOG.empty}</p>
      ) : entries.length > 0 ? (
        <div className="table-scroll">
          <table className="table-cards">
            <caption className="visually-hidden">{AUDIT_LOG.title}</caption>
            <thead>
              <tr>
                <th scope="col">{AUDIT_LOG.columns.time}</th>
                <th scope="col">{AUDIT_LOG.columns.action}</th>
                <th scope="col">{AUDIT_LOG.columns.actor}</th>
                <th scope="col">{AUDIT_LOG.columns.ip}</th>
                <th scope="col">{AUDIT_LOG.columns.object}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={AUDIT_LOG.columns.time}>
                    <time dateTime={new Date(entry.created_at * 1000).toISOString()}>
                      {formatTime(entry.created_at)}
                    </time>
                  </td>
                  <td data-label={AUDIT_LOG.columns.action}>
                    {auditActionLabel(entry.action)}
                    {typeof entry.details.method === "string" ? (
                      <span className="muted"> {AUDIT_LOG.via(entry.details.method)}</span>
                    ) : null}
                  </td>
                  <td data-label={AUDIT_LOG.columns.actor}>{auditActorLabel(entry, user?.id)}</td>
                  <td data-label={AUDIT_LOG.columns.ip}>{entry.ip ?? AUDIT_LOG.unknownIp}</td>
                  <td data-label={AUDIT_LOG.columns.object}>
                    {entry.object_type ? <span>{entry.object_type} </span> : null}
                    {entry.object_id ? <code>{entry.object_id}</code> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="error-text">
          {AUDIT_LOG.failed(error)}
        </p>
      ) : null}
      {hasMore && !loading ? (
        <button type="button" className="button" onClick={loadMore} disabled={loadingMore}>
          {loadingMore ? AUDIT_LOG.loadingMore : AUDIT_LOG.loadMore}
        </button>
      ) : null}
    </section>
  );
}
