import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { createExport, listExports } from "../api/exports.ts";
import { fieldErrorOf } from "../api/field-errors.ts";
import { errorMessage } from "../api/http.ts";
import type { DataExport } from "../api/types.ts";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { formatDate } from "../ui/format.ts";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { defaultExportRange, exportRange } from "./export-rules.ts";
import { EXPORTS } from "./messages.ts";

/** How often the list is read again while an export is being built. */
export const EXPORT_POLL_MS = 3_000;
/** Download links are valid 15 minutes from each read: the list is read again well before. */
export const LINK_REFRESH_MS = 10 * 60_000;

const STATUS_TONE: Record<DataExport["status"], string> = {
  pending: "badge-neutral",
  running: "badge-warning",
  ready: "badge-success",
  failed: "badge-danger",
  expired: "badge-neutral",
};

/** An export is still on its way: the list is read again until it is ready or failed. */
const inProgress = (list: readonly DataExport[] | undefined) =>
  (list ?? []).some((e) => e.status === "pending" || e.status === "running");

/**
 * Request Export: a date range of the workspace's data as one ZIP of CSV files, built in the
 * background; the list shows each export's state, and a Download link once ready (signed by the
 * server on each read, so the list is read again before it goes stale). Owners and admins only.
 */
export function ExportsSection() {
  const auth = useWorkspaceAuth();
  const allowed = useCan("exports.create");
  const client = useQueryClient();
  const scope = allowed ? auth : null;
  const key = ["workspace", auth?.workspaceId ?? "", "exports"] as const;
  const exports = useQuery({
    queryKey: key,
    queryFn: scope ? () => listExports(scope) : skipToken,
    refetchInterval: (query) =>
      inProgress(query.state.data)
        ? EXPORT_POLL_MS
        : (query.state.data ?? []).some((e) => e.download_url)
          ? LINK_REFRESH_MS
          : false,
  });
  const request = useMutation({
    mutationFn: (range: { from: number; to: number }) => {
      if (!scope) throw new Error("no workspace");
      return createExport(scope, range);
    },
    onSuccess: (created) =>
      client.setQueryData<DataExport[]>(key, (old) => [
        created,
        ...(old ?? []).filter((e) => e.id !== created.id),
      ]),
  });
  const [range, setRange] = useState(defaultExportRange);
  const [error, setError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNews(null);
    const checked = exportRange(range.from, range.to);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    request.mutate(
      { from: checked.from, to: checked.to },
      {
        onSuccess: () => setNews(EXPORTS.requested),
        onError: (err) => setError(EXPORTS.requestFailed(fieldErrorOf(err).message)),
      },
    );
  };

  const list = exports.data ?? [];
  return (
    <section className="card" id="exports" aria-labelledby="exports-title" aria-busy={exports.isFetching}>
      <h2 id="exports-title">{EXPORTS.title}</h2>
      <p className="muted">{EXPORTS.intro}</p>
      <RoleNote permission="exports.create" />
      {allowed ? (
        <>
          <form className="row export-form" onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={fromId}>{EXPORTS.from}</label>
              <input
                id={fromId}
                type="date"
                value={range.from}
                max={range.to || undefined}
                onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
              />
            </div>
            <div className="field">
              <label htmlFor={toId}>{EXPORTS.to}</label>
              <input
                id={toId}
                type="date"
                value={range.to}
                min={range.from || undefined}
                onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
              />
            </div>
            <button type="submit" className="button button-primary" disabled={request.isPending || !scope}>
              {request.isPending ? EXPORTS.requesting : EXPORTS.request}
            </button>
          </form>
          <p role="alert" className="error-text">
            {error}
          </p>
          <p role="status" className="success-text" data-testid="exports-news">
            {news}
          </p>
          {exports.isPending && !exports.isError && scope ? <Loading label={EXPORTS.loading} /> : null}
          {exports.error ? (
            <ErrorNotice
              message={EXPORTS.failed(errorMessage(exports.error))}
              onRetry={() => void exports.refetch()}
            />
          ) : null}
          {exports.data && list.length === 0 ? <p className="muted">{EXPORTS.none}</p> : null}
          {list.length > 0 ? (
            <ul className="list export-list" aria-label={EXPORTS.listLabel} data-testid="exports-list">
              {list.map((x) => (
                <ExportRow key={x.id} item={x} />
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function ExportRow({ item }: { item: DataExport }) {
  const range = EXPORTS.range(formatDate(item.from), formatDate(item.to));
  return (
    <li className="list-row" data-testid={`export-${item.id}`}>
      <div className="stack-tight">
        <div className="row key-heading">
          <strong>{range}</strong>
          <span className={`badge ${STATUS_TONE[item.status]}`}>{EXPORTS.status[item.status]}</span>
        </div>
        <span className="muted">
          {EXPORTS.requestedOn(formatDate(item.created_at))}
          {item.row_counts ? ` · ${EXPORTS.rows(item.row_counts)}` : ""}
          {item.status === "ready" ? ` · ${EXPORTS.availableUntil(formatDate(item.expires_at))}` : ""}
        </span>
      </div>
      {item.status === "ready" && item.download_url ? (
        <a className="button button-small" href={item.download_url} aria-label={EXPORTS.downloadOf(range)}>
          {EXPORTS.download}
        </a>
      ) : null}
    </li>
  );
}
