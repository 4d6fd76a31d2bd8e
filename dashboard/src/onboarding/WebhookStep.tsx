import { useId, useState } from "react";
import { errorMessage } from "../api/http.ts";
import { sendSandboxWebhook } from "../api/webhooks.ts";
import { WEBHOOK_ERRORS } from "../messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useSession } from "../state/session.tsx";
import { ONBOARDING } from "./messages.ts";
import {
  DEMO_WEBHOOK_URL,
  readDemoMode,
  urlAfterDemoToggle,
  webhookUrlError,
  writeDemoMode,
} from "./webhook-rules.ts";

/** Step 4: the server sends a signed sandbox event to the URL and reports the endpoint's answer. */
export function WebhookStep() {
  const { token } = useSession();
  const { state, update, refreshWorkspace } = useMerchant();
  const [demoMode, setDemoMode] = useState(readDemoMode);
  // Demo Mode fills in the local test endpoint when there is no URL yet.
  const [url, setUrl] = useState(() => state.webhookUrl || (readDemoMode() ? DEMO_WEBHOOK_URL : ""));
  // The merchant's own endpoint, given back when Demo Mode is switched off.
  const [ownUrl, setOwnUrl] = useState(() => (state.webhookUrl === DEMO_WEBHOOK_URL ? "" : state.webhookUrl));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const urlId = useId();
  const demoId = useId();

  const send = async () => {
    const invalid = webhookUrlError(url);
    if (invalid) return setResult({ ok: false, text: invalid });
    if (!token || !state.currentWorkspaceId) return;
    setBusy(true);
    setResult(null);
    try {
      const outcome = await sendSandboxWebhook(token, state.currentWorkspaceId, url.trim(), demoMode);
      if (outcome.ok) {
        setResult({ ok: true, text: ONBOARDING.webhookOk(outcome.status ?? 200, outcome.latency_ms) });
        update({ webhookUrl: url.trim(), webhookTested: true });
        await refreshWorkspace();
      } else {
        setResult({ ok: false, text: outcome.error ?? WEBHOOK_ERRORS.network });
      }
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

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
      <div role="status" className={result?.ok ? "success-text" : "error-text"} data-testid="webhook-result">
        {result?.text}
      </div>
    </div>
  );
}
