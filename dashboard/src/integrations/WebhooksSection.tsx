import { useCallback, useEffect, useId, useState } from "react";
import { errorMessage } from "../api/http.ts";
import { redeliverEvent } from "../api/payments.ts";
import type { EndpointAttempt, WebhookEndpoint, WorkspaceAuth } from "../api/types.ts";
import type { EndpointInput } from "../api/webhook-endpoints.ts";
import { endpointAttempts } from "../api/webhook-endpoints.ts";
import { WEBHOOK_ERRORS } from "../messages.ts";
import { webhookUrlError } from "../onboarding/webhook-rules.ts";
import { formatTime } from "../payments/payment-rules.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { Modal } from "../ui/Modal.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { INTEGRATIONS } from "./messages.ts";
import { SigningSecretNotice } from "./SigningSecretNotice.tsx";
import { useWebhookEndpoints } from "./useWebhookEndpoints.ts";
import { webhooksActive } from "./webhook-config.ts";
import { WEBHOOK_EVENT_TYPES } from "./webhook-events.ts";

/**
 * Webhook Management, fully wired: add, edit, enable/disable, delete, test, rotate, delivery log,
 * redeliver. A developer sees the endpoints and their deliveries; the changes are owners' and admins'.
 */
export function WebhooksSection({
  auth,
  onEndpoints,
}: {
  auth: WorkspaceAuth;
  /** Told the endpoint list each time it is (re)loaded. */
  onEndpoints?(endpoints: WebhookEndpoint[]): void;
}) {
  const hooks = useWebhookEndpoints(auth, onEndpoints);
  const { endpoints, error, load } = hooks;
  const active = webhooksActive(endpoints);
  const [editing, setEditing] = useState<WebhookEndpoint | "new" | null>(null);
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);
  const [notice, setNotice] = useState<Record<string, string>>({});
  const manages = useCan("webhooks.write");

  const act = async (id: string, run: () => Promise<string | null>) => {
    try {
      const text = await run();
      setNotice((n) => ({ ...n, [id]: text ?? "" }));
    } catch (err) {
      setNotice((n) => ({ ...n, [id]: INTEGRATIONS.actionFailed(errorMessage(err)) }));
    }
  };

  const test = (ep: WebhookEndpoint) =>
    act(ep.id, async () => {
      const result = await hooks.test(ep);
      if (result.ok && result.status !== null) return INTEGRATIONS.testOk(result.status, result.latency_ms);
      return result.error ?? WEBHOOK_ERRORS.status(result.status ?? 0, "");
    });

  return (
    <section className="card" aria-labelledby="webhooks-title">
      <div className="row row-between">
        <h2 id="webhooks-title">
          {INTEGRATIONS.webhooks}{" "}
          <span
            className={active ? "badge badge-success" : "badge badge-warning"}
            data-testid="webhooks-badge"
          >
            {active ? INTEGRATIONS.active : INTEGRATIONS.sandboxRequired}
          </span>
        </h2>
        {manages ? (
          <button type="button" className="button button-primary" onClick={() => setEditing("new")}>
            {INTEGRATIONS.addWebhook}
          </button>
        ) : null}
      </div>
      <RoleNote permission="webhooks.write" />
      {error ? <ErrorNotice message={error} onRetry={() => void load()} /> : null}
      {!endpoints && !error ? <Loading /> : null}
      {endpoints?.length === 0 ? <p className="muted">{INTEGRATIONS.noEndpoints}</p> : null}
      {secret ? <SigningSecretNotice secret={secret.secret} /> : null}
      <ul className="list">
        {endpoints?.map((ep) => (
          <li key={ep.id} className="endpoint" data-testid={`endpoint-${ep.id}`}>
            <div className="row row-between">
              <div className="stack-tight">
                <code className="key">{ep.url}</code>
                <span className="muted">
                  {ep.enabled_events.includes("*") ? INTEGRATIONS.allEvents : ep.enabled_events.join(", ")}
                </span>
              </div>
              <span className={ep.status === "enabled" ? "badge badge-success" : "badge badge-danger"}>
                {ep.status === "enabled" ? INTEGRATIONS.enabled : INTEGRATIONS.disabled}
              </span>
            </div>
            {manages ? (
              <div className="row">
                <button type="button" className="button button-small" onClick={() => void test(ep)}>
                  {INTEGRATIONS.test}
                </button>
                <button type="button" className="button button-small" onClick={() => setEditing(ep)}>
                  {INTEGRATIONS.edit}
                </button>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() =>
                    void act(ep.id, async () => {
                      await hooks.setStatus(ep.id, ep.status === "enabled" ? "disabled" : "enabled");
                      return null;
                    })
                  }
                >
                  {ep.status === "enabled" ? INTEGRATIONS.disable : INTEGRATIONS.enable}
                </button>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() =>
                    window.confirm(INTEGRATIONS.confirmRotate) &&
                    void act(ep.id, async () => {
                      const rotated = await hooks.rotate(ep.id);
                      if (rotated.secret) setSecret({ id: ep.id, secret: rotated.secret });
                      return null;
                    })
                  }
                >
                  {INTEGRATIONS.rotate}
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  onClick={() =>
                    window.confirm(INTEGRATIONS.confirmDeleteEndpoint) &&
                    void act(ep.id, async () => {
                      await hooks.remove(ep.id);
                      return null;
                    })
                  }
                >
                  {INTEGRATIONS.delete}
                </button>
              </div>
            ) : null}
            <p role="status" className="muted" data-testid="endpoint-notice">
              {notice[ep.id]}
            </p>
            <DeliveryLog
              auth={auth}
              endpointId={ep.id}
              refreshKey={notice[ep.id] ?? ""}
              redelivers={manages}
            />
          </li>
        ))}
      </ul>
      {editing ? (
        <EndpointModal
          endpoint={editing === "new" ? null : editing}
          save={hooks.save}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (saved.secret) setSecret({ id: saved.id, secret: saved.secret });
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}

function DeliveryLog({
  auth,
  endpointId,
  refreshKey,
  redelivers,
}: {
  auth: WorkspaceAuth;
  endpointId: string;
  refreshKey: string;
  /** Whether the role may send an event again (a webhook change). */
  redelivers: boolean;
}) {
  const [attempts, setAttempts] = useState<EndpointAttempt[] | null>(null);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const load = useCallback(() => {
    endpointAttempts(auth, endpointId).then(setAttempts, (err: unknown) => setMessage(errorMessage(err)));
  }, [auth, endpointId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when an action on the endpoint finished
  useEffect(() => {
    if (open) load();
  }, [open, load, refreshKey]);
  return (
    <details className="delivery-log" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{INTEGRATIONS.deliveries}</summary>
      {attempts?.length === 0 ? <p className="muted">{INTEGRATIONS.noAttempts}</p> : null}
      <ul className="list" data-testid="delivery-log">
        {attempts?.map((a) => (
          <li key={a.id} className="list-row">
            <div className="stack-tight">
              <span>
                <code>{a.event_type}</code>{" "}
                {a.test ? (
                  <>
                    <span className="badge badge-neutral" data-testid="test-delivery">
                      {INTEGRATIONS.testDelivery}
                    </span>{" "}
                  </>
                ) : null}
                <span className={a.succeeded ? "badge badge-success" : "badge badge-danger"}>
                  {a.status_code ?? "—"}
                </span>{" "}
                <span className="muted">
                  {formatTime(a.attempted_at)} · {a.latency_ms} ms
                </span>
              </span>
              {a.response_excerpt || a.error ? (
                <code className="muted excerpt">{a.error ?? a.response_excerpt}</code>
              ) : null}
            </div>
            {redelivers ? (
              <button
                type="button"
                className="button button-small"
                onClick={() =>
                  redeliverEvent(auth, a.event_id, endpointId).then(
                    () => {
                      setMessage(INTEGRATIONS.redelivered);
                      setTimeout(load, 1500);
                    },
                    (err: unknown) => setMessage(INTEGRATIONS.actionFailed(errorMessage(err))),
                  )
                }
              >
                {INTEGRATIONS.redeliver}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <p role="status" className="muted">
        {message}
      </p>
    </details>
  );
}

function EndpointModal({
  endpoint,
  save,
  onClose,
  onSaved,
}: {
  endpoint: WebhookEndpoint | null;
  /** Creates (no id) or updates on the server, the cached list updated; throws a refusal. */
  save(id: string | null, input: EndpointInput): Promise<WebhookEndpoint>;
  onClose(): void;
  onSaved(endpoint: WebhookEndpoint): void;
}) {
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [events, setEvents] = useState<string[]>(endpoint?.enabled_events ?? ["*"]);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const all = events.includes("*");
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = webhookUrlError(url);
    if (invalid) return setError(invalid);
    const enabled = all || events.length === 0 ? ["*"] : events;
    try {
      const saved = await save(endpoint?.id ?? null, { url: url.trim(), enabled_events: enabled });
      onSaved(saved);
    } catch (err) {
      setError(INTEGRATIONS.actionFailed(errorMessage(err)));
    }
  };
  const toggle = (type: string, on: boolean) =>
    setEvents((list) => (on ? [...list.filter((t) => t !== "*"), type] : list.filter((t) => t !== type)));
  return (
    <Modal
      title={endpoint ? INTEGRATIONS.editEndpointTitle : INTEGRATIONS.addEndpointTitle}
      onClose={onClose}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>{INTEGRATIONS.endpointUrl}</label>
          <input id={id} type="url" value={url} onChange={(e) => setUrl(e.target.value)} data-autofocus />
        </div>
        <fieldset className="stack-tight">
          <legend>{INTEGRATIONS.events}</legend>
          <label className="checkbox">
            <input type="checkbox" checked={all} onChange={(e) => setEvents(e.target.checked ? ["*"] : [])} />
            {INTEGRATIONS.allEvents}
          </label>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                checked={!all && events.includes(type)}
                disabled={all}
                onChange={(e) => toggle(type, e.target.checked)}
              />
              <code>{type}</code>
            </label>
          ))}
        </fieldset>
        <p role="alert" className="error-text">
          {error}
        </p>
        <div className="row">
          <button type="submit" className="button button-primary">
            {INTEGRATIONS.saveEndpoint}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {INTEGRATIONS.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
