import { useId, useState } from "react";
import { errorMessage } from "../api/http.ts";
import { SigningSecretNotice } from "../integrations/SigningSecretNotice.tsx";
import { WEBHOOK_ERRORS } from "../messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { ONBOARDING } from "./messages.ts";
import { useConnectWebhook } from "./onboarding-mutations.ts";
import {
  DEMO_WEBHOOK_URL,
  readDemoMode,
  urlAfterDemoToggle,
  webhookUrlError,
  writeDemoMode,
} from "./webhook-rules.ts";

/**
 * Step 4: the URL becomes the workspace's sandbox webhook endpoint (the one it already is, when
 * registered before) and the server sends it a signed sandbox test, reporting the endpoint's answer.
 * A new endpoint's signing secret is shown here once, as Integrations' Add Webhook shows it.
 */
export function WebhookStep() {
  const auth = useWorkspaceAuth();
  const { state, update } = useMerchant();
  const connect = useConnectWebhook(auth);
  const [demoMode, setDemoMode] = useState(readDemoMode);
  // Demo Mode fills in the local test endpoint when there is no URL yet.
  const [url, setUrl] = useState(() => state.webhookUrl || (readDemoMode() ? DEMO_WEBHOOK_URL : ""));
  // The merchant's own endpoint, given back when Demo Mode is switched off.
  const [ownUrl, setOwnUrl] = useState(() => (state.webhookUrl === DEMO_WEBHOOK_URL ? "" : state.webhookUrl));
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // Held by this screen only, never cached or stored: the server will not answer it again.
  const [secret, setSecret] = useState<{ endpointId: string; secret: string } | null>(null);
  const [reused, setReused] = useState<string | null>(null);
  const urlId = useId();
  const demoId = useId();
  const busy = connect.isPending;
  const connects = useCan("webhooks.write");

  const send = async () => {
    const invalid = webhookUrlError(url);
    if (invalid) return setResult({ ok: false, text: invalid });
    if (!auth) return;
    setResult(null);
    try {
      const { endpoint, created, test } = await connect.mutateAsync(url.trim());
      // A new endpoint's secret replaces the one shown; testing that endpoint again keeps it in view.
      if (created && endpoint.secret) setSecret({ endpointId: endpoint.id, secret: endpoint.secret });
      else setSecret((shown) => (shown?.endpointId === endpoint.id ? shown : null));
      setReused(created ? null : endpoint.id);
      update({ webhookUrl: url.trim() });
      setResult(
        test.ok
          ? { ok: true, text: ONBOARDING.webhookOk(test.status ?? 200, test.latency_ms) }
          : { ok: false, text: test.error ?? WEBHOOK_ERRORS.network },
      );
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err) });
    }
  };

  if (!connects) return <RoleNote permission="webhooks.write" />;
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor={urlId}>{ONBOARDING.webhookUrl}</label>
        <input
          id={urlId}
          type="url"
          value={url}
          placeholder="https://example.com/webhooks/spay"
          onChange={(e) => {
            setUrl(e.target.value);
            if (e.target.value.trim() !== DEMO_WEBHOOK_URL) setOwnUrl(e.target.value);
          }}
        />
      </div>
      <div className="row">
        <label className="switch" htmlFor={demoId}>
          <input
            id={demoId}
            type="checkbox"
            role="switch"
            aria-checked={demoMode}
            checked={demoMode}
            onChange={(e) => {
              setDemoMode(e.target.checked);
              writeDemoMode(e.target.checked);
              setUrl(urlAfterDemoToggle(e.target.checked, ownUrl));
            }}
          />
          {ONBOARDING.demoMode}
        </label>
        <button type="button" className="button button-primary" onClick={send} disabled={busy}>
          {busy ? ONBOARDING.sending : ONBOARDING.sendTest}
        </button>
      </div>
      {secret ? <SigningSecretNotice secret={secret.secret} /> : null}
      {reused && reused !== secret?.endpointId ? (
        <p className="muted" data-testid="webhook-reused">
          {ONBOARDING.webhookReused}
        </p>
      ) : null}
      <div role="status" className={result?.ok ? "success-text" : "error-text"} data-testid="webhook-result">
        {result?.text}
      </div>
    </div>
  );
}
