import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../api/http.ts";
import type { WorkspaceAuth } from "../api/types.ts";
import { formatTime } from "../payments/payment-rules.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { Modal } from "../ui/Modal.tsx";
import {
  ItemFields,
  type ListColumn,
  type ListPages,
  listKey,
  PagedList,
  PagedListPage,
  usePagedList,
  withListItem,
} from "../ui/PagedList.tsx";
import { listMail, type Mail, type MailStatus, retryMail } from "./mail-api.ts";
import { MAIL as M } from "./messages.ts";

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
  return listKey({ auth, environmentId }, "mail");
}

/** /mail: the receipts mailed to payers; without SMTP, the local inbox that keeps them. */
export function MailPage() {
  return <PagedListPage title={M.title} view={(auth) => <MailView auth={auth} />} />;
}

const COLUMNS: ListColumn<Mail>[] = [
  { label: M.columns.to, cell: (m) => m.to },
  {
    label: M.columns.subject,
    cell: (m) => m.subject ?? M.noSubject,
    opens: (m) => M.open(m.subject ?? M.noSubject, m.to),
  },
  { label: M.columns.status, cell: (m) => <StatusBadge status={m.status} /> },
  { label: M.columns.time, cell: (m) => formatTime(m.created_at) },
];

export function MailView({ auth }: { auth: WorkspaceAuth }) {
  // The open mail is looked up in the current list: a mail of another workspace is never left open.
  const list = usePagedList({ auth, resource: "mail", fetchPage: (page) => listMail(auth, page) });
  return (
    <PagedList
      list={list}
      texts={M}
      columns={COLUMNS}
      testId="mail-table"
      empty={{ text: M.empty, hint: M.emptyHint }}
      detail={(mail, close) => <MailMessage auth={auth} mail={mail} onClose={close} />}
    />
  );
}

/** A failed mail sent again: the inbox shows the mail the server answers with (back to pending). */
export function useRetryMail(auth: WorkspaceAuth) {
  const client = useQueryClient();
  const key = mailListKey(auth, useCurrentEnvironmentId());
  return useMutation({
    mutationFn: (id: string) => retryMail(auth, id),
    onSuccess: (retried) => client.setQueryData<ListPages<Mail>>(key, (data) => withListItem(data, retried)),
  });
}

function RetryMail({ auth, mail, onRetried }: { auth: WorkspaceAuth; mail: Mail; onRetried(): void }) {
  const retry = useRetryMail(auth);
  return (
    <p className="row">
      <button
        type="button"
        className="button"
        disabled={retry.isPending}
        onClick={() => retry.mutate(mail.id, { onSuccess: onRetried })}
      >
        {M.retry}
      </button>
      <span role="alert" className="error-text">
        {retry.error ? M.retryFailed(errorMessage(retry.error)) : null}
      </span>
    </p>
  );
}

/**
 * One mail. The HTML part is untrusted (it carries payer-supplied text): it is rendered only
 * inside an iframe with an empty `sandbox` (no scripts, no same-origin, no forms, no navigation),
 * never put into the dashboard's own DOM.
 */
export function MailMessage({ auth, mail, onClose }: { auth: WorkspaceAuth; mail: Mail; onClose(): void }) {
  const rows: [string, string][] = [
    [M.fields.to, mail.to],
    ...(mail.from ? ([[M.fields.from, mail.from]] as [string, string][]) : []),
    [M.fields.created, formatTime(mail.created_at)],
    ...(mail.sent_at ? ([[M.fields.sent, formatTime(mail.sent_at)]] as [string, string][]) : []),
    ...(mail.last_error ? ([[M.fields.lastError, mail.last_error]] as [string, string][]) : []),
  ];
  // The Retry button goes away once the mail is queued again: focus moves to the news, not to the page.
  const [retried, setRetried] = useState(false);
  const news = useRef<HTMLParagraphElement>(null);
  const retries = useCan("payments.write");
  useEffect(() => {
    if (retried) news.current?.focus();
  }, [retried]);
  return (
    <Modal title={mail.subject ?? M.noSubject} onClose={onClose} wide>
      <div data-testid="mail-message">
        <p>
          <StatusBadge status={mail.status} />
        </p>
        <p role="status" ref={news} tabIndex={-1}>
          {retried ? M.retried : null}
        </p>
        {mail.status === "kept" ? <p className="notice">{M.keptExplanation}</p> : null}
        {mail.status === "failed" && retries ? (
          <RetryMail auth={auth} mail={mail} onRetried={() => setRetried(true)} />
        ) : null}
        {mail.status === "failed" ? <RoleNote permission="payments.write" /> : null}
        <ItemFields rows={rows} />
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
