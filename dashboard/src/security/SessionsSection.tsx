import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { fieldErrorOf } from "../api/field-errors.ts";
import { errorMessage } from "../api/http.ts";
import { revokeOtherSessions, revokeSession } from "../api/sessions.ts";
import type { AccountSession } from "../api/types.ts";
import { useSession } from "../state/session.tsx";
import { ConfirmDialog } from "../team/ConfirmDialog.tsx";
import { formatDateTime } from "../ui/format.ts";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { SESSIONS } from "./messages.ts";
import { securityKeys, useSessions } from "./useSecurity.ts";

/** A session as a person recognises it: the device the server read from its browser, else its own words. */
export function deviceName(session: AccountSession): string {
  return session.device?.trim() || SESSIONS.unknownDevice;
}

/**
 * Where the account is signed in: device, browser string, address, when it signed in and was last
 * active, this device marked. Any other session signs out on its own row, or all of them at once.
 */
export function SessionsSection() {
  const { token } = useSession();
  const client = useQueryClient();
  const sessions = useSessions(token);
  const [pending, setPending] = useState<string | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [othersBusy, setOthersBusy] = useState(false);
  const [othersError, setOthersError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  const signOut = async (session: AccountSession) => {
    if (!token) return;
    setPending(session.id);
    setError(null);
    setNews(null);
    try {
      await revokeSession(token, session.id);
      client.setQueryData<AccountSession[]>(securityKeys.sessions(), (old) =>
        old?.filter((s) => s.id !== session.id),
      );
      setNews(SESSIONS.signedOut(deviceName(session)));
      // Its button went with the row: the focus stays in the section.
      heading.current?.focus();
    } catch (err) {
      setError(SESSIONS.signOutFailed(fieldErrorOf(err).message));
    } finally {
      setPending(null);
    }
  };

  const signOutOthers = async () => {
    if (!token) return;
    setOthersBusy(true);
    setOthersError(null);
    try {
      const { revoked } = await revokeOtherSessions(token);
      client.setQueryData<AccountSession[]>(securityKeys.sessions(), (old) => old?.filter((s) => s.current));
      setConfirmOthers(false);
      setNews(SESSIONS.signedOutOthers(revoked));
    } catch (err) {
      setOthersError(SESSIONS.signOutOthersFailed(fieldErrorOf(err).message));
    } finally {
      setOthersBusy(false);
    }
  };

  return (
    <section className="card" id="sessions" aria-labelledby="sessions-title" aria-busy={sessions.isFetching}>
      <h2 id="sessions-title" ref={heading} tabIndex={-1}>
        {SESSIONS.title}
      </h2>
      <p className="muted">{SESSIONS.intro}</p>
      {sessions.isPending && !sessions.isError ? <Loading label={SESSIONS.loading} /> : null}
      {sessions.error ? (
        <ErrorNotice
          message={SESSIONS.failed(errorMessage(sessions.error))}
          onRetry={() => void sessions.refetch()}
        />
      ) : null}
      {list.length > 0 ? (
        <ul className="list session-list" aria-label={SESSIONS.title} data-testid="sessions-list">
          {list.map((s) => (
            <li key={s.id} className="list-row session-row" data-testid={`session-${s.id}`}>
              <div className="stack-tight session-info">
                <div className="row key-heading">
                  <strong className="truncate session-device" title={deviceName(s)}>
                    {deviceName(s)}
                  </strong>
                  {s.current ? <span className="badge badge-success">{SESSIONS.thisDevice}</span> : null}
                </div>
                {/* The browser string, unless the device's name already is all of it. */}
                {s.user_agent && s.user_agent !== s.device ? (
                  <span className="muted session-agent line-clamp" title={s.user_agent}>
                    {s.user_agent}
                  </span>
                ) : null}
                <dl className="session-facts">
                  <div>
                    <dt>{SESSIONS.ip}</dt>
                    <dd>{s.ip ?? SESSIONS.unknownIp}</dd>
                  </div>
                  <div>
                    <dt>{SESSIONS.created}</dt>
                    <dd>{formatDateTime(s.created_at)}</dd>
                  </div>
                  <div>
                    <dt>{SESSIONS.lastSeen}</dt>
                    <dd>{formatDateTime(s.last_seen_at, SESSIONS.never)}</dd>
                  </div>
                </dl>
              </div>
              {s.current ? null : (
                <button
                  type="button"
                  className="button button-small"
                  aria-label={SESSIONS.signOutOf(deviceName(s))}
                  disabled={pending === s.id}
                  onClick={() => void signOut(s)}
                >
                  {pending === s.id ? SESSIONS.signingOut : SESSIONS.signOut}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {sessions.data && others.length === 0 ? <p className="muted">{SESSIONS.onlyThis}</p> : null}
      <p role="alert" className="error-text">
        {error}
      </p>
      <p role="status" className="success-text" data-testid="sessions-news">
        {news}
      </p>
      {others.length > 0 ? (
        <div className="row">
          <button
            type="button"
            className="button button-small button-danger"
            onClick={() => {
              setOthersError(null);
              setConfirmOthers(true);
            }}
          >
            {SESSIONS.signOutOthers}
          </button>
        </div>
      ) : null}
      {confirmOthers ? (
        <ConfirmDialog
          title={SESSIONS.signOutOthersTitle}
          message={SESSIONS.signOutOthersConfirm}
          confirm={SESSIONS.signOutOthers}
          busyText={SESSIONS.signingOut}
          busy={othersBusy}
          error={othersError}
          onConfirm={() => void signOutOthers()}
          onClose={() => setConfirmOthers(false)}
        />
      ) : null}
    </section>
  );
}
