import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../api/http.ts";
import type { Page, WorkspaceAuth } from "../api/types.ts";
import { DASHBOARD_ERRORS } from "../messages.ts";
import { formatTime } from "../payments/payment-rules.ts";
import { scopeKey } from "../state/query-scope.ts";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { Modal } from "../ui/Modal.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { listMail, type Mail, type MailStatus } from "./mail-api.ts";
import { MAIL as M } from "./messages.ts";

const PAGE_SIZE = 50;

const STATUS_TONE: Record<MailStatus, string> = {
  kept: "badge-neutral",
  pending: "badge-warning",
  sent: "badge-success",
  failed: "badge-danger",
};

function StatusBadge({ status }: { status: MailStatus }) {
  return <span className={`badge ${STATUS_TONE[status]}`}>{M.status[status]}</span>;
}

/** The query key of the mail list: scoped by workspace and environment. */
export function mailListKey(auth: WorkspaceAuth, environmentId: string) {
  return [...scopeKey({ auth, environmentId }), "mail", "list"] as const;
}

/** /mail (issue 19): the receipts mailed to payers; without SMTP, the local inbox that keeps them. */
export function MailPage() {
  const auth = useWorkspaceAuth();
  if (!auth)
    return (
      <div className="page">
        <h1>{M.title}</h1>
        <ErrorNotice message={DASHBOARD_ERRORS.noWorkspace} />
      </div>
    );
  return <MailView auth={auth} />;
}

export function MailView({ auth }: { auth: WorkspaceAuth }) {
  const environmentId = useCurrentEnvironmentId();
  const [openId, setOpenId] = useState<string | null>(null);

  // No placeholderData: another workspace's or environment's mail is never shown while loading.
  const list = useInfiniteQuery({
    queryKey: mailListKey(auth, environmentId),
    queryFn: ({ pageParam, signal }) =>
      listMail(auth, { startingAfter: pageParam, limit: PAGE_SIZE, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<Mail>) => (last.has_more ? last.data.at(-1)?.id : undefined),
  });
  const items = (list.data?.pages ?? []).flatMap((p) => p.data);
  // Looked up in the current list, so a mail of another workspace is never left open.
  const open = openId ? items.find((m) => m.id === openId) : undefined;

  return (
    <div className="page" aria-busy={list.isFetching}>
      <h1>{M.title}</h1>
      <p className="muted">{M.intro}</p>
      {list.error ? (
        <ErrorNotice
          message={`${M.loadFailed}: ${errorMessage(list.error)}`}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isPending ? (
        <Loading label={M.loading} />
      ) : items.length === 0 && !list.error ? (
        <div className="empty">
          <p>{M.empty}</p>
          <p className="muted">{M.emptyHint}</p>
        </div>
      ) : items.length > 0 ? (
        <section className="card">
          <div className="table-scroll">
            <table className="table-cards" data-testid="mail-table">
              <caption className="visually-hidden">{M.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{M.columns.to}</th>
                  <th scope="col">{M.columns.subject}</th>
                  <th scope="col">{M.columns.status}</th>
                  <th scope="col">{M.columns.time}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((m) => (
                  <tr key={m.id}>
                    <td data-label={M.columns.to}>{m.to}</td>
                    <td data-label={M.columns.subject}>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={M.open(m.subject ?? M.noSubject, m.to)}
                        onClick={() => setOpenId(m.id)}
                      >
                        {m.subject ?? M.noSubject}
                      </button>
                    </td>
                    <td data-label={M.columns.status}>
                      <StatusBadge status={m.status} />
                    </td>
                    <td data-label={M.columns.time}>{formatTime(m.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.hasNextPage ? (
            <button
              type="button"
              className="button"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? M.loadingMore : M.loadMore}
            </button>
          ) : null}
        </section>
      ) : null}
      {open ? <MailMessage mail={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

/**
 * One mail. The HTML part is untrusted (it carries payer-supplied text): it is rendered only
 * inside an iframe with an empty `sandbox` (no scripts, no same-origin, no forms, no navigation),
 * never put into the dashboard's own DOM.
 */
export function MailMessage({ mail, onClose }: { mail: Mail; onClose(): void }) {
  const rows: [string, string][] = [
    [M.fields.to, mail.to],
    ...(mail.from ? ([[M.fields.from, mail.from]] as [string, string][]) : []),
    [M.fields.created, formatTime(mail.created_at)],
    ...(mail.sent_at ? ([[M.fields.sent, formatTime(mail.sent_at)]] as [string, string][]) : []),
    ...(mail.last_error ? ([[M.fields.lastError, mail.last_error]] as [string, string][]) : []),
  ];
  return (
    <Modal title={mail.subject ?? M.noSubject} onClose={onClose} wide>
      <div data-testid="mail-message">
        <p>
          <StatusBadge status={mail.status} />
        </p>
        {mail.status === "kept" ? <p className="notice">{M.keptExplanation}</p> : null}
        <dl className="details">
          {rows.map(([label, value]) => (
            <div key={label} className="field-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h3>{M.textPart}</h3>
        {mail.text ? (
          <pre data-testid="mail-text" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {mail.text}
          </pre>
        ) : (
          <p className="muted">{M.noText}</p>
        )}
        {mail.html ? (
          <>
            <h3>{M.htmlPart}</h3>
            <iframe
              title={M.htmlFrameTitle}
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={mail.html}
              style={{
                width: "100%",
                minHeight: "24rem",
                border: "1px solid var(--border)",
                background: "#fff",
              }}
            />
          </>
        ) : null}
      </div>
    </Modal>
  );
}
