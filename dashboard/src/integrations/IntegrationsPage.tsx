import { useState } from "react";
import type { WebhookEndpoint } from "../api/types.ts";
import { DASHBOARD_ERRORS } from "../messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { ErrorNotice } from "../ui/Status.tsx";
import { ApiKeysSection } from "./ApiKeysSection.tsx";
import { INTEGRATIONS } from "./messages.ts";
import { WebhooksSection } from "./WebhooksSection.tsx";
import { webhookConfig } from "./webhook-config.ts";
import { X402FacilitatorSection } from "./X402FacilitatorSection.tsx";

/**
 * SPEC.md §2 "Integrations & Tools": keys, configuration, webhooks, documentation. Keys, the
 * facilitator (named by a key) and webhooks are the developer tools: a role without them (support)
 * sees why, and the documentation.
 */
export function IntegrationsPage() {
  const auth = useWorkspaceAuth();
  const { state } = useMerchant();
  const developer = useCan("developers.read");
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const webhook = webhookConfig(endpoints);
  if (!auth)
    return (
      <div className="page">
        <h1>{INTEGRATIONS.title}</h1>
        <ErrorNotice message={DASHBOARD_ERRORS.noWorkspace} />
      </div>
    );
  if (!developer)
    return (
      <div className="page">
        <h1>{INTEGRATIONS.title}</h1>
        <RoleNote permission="developers.read" />
        <DocsSection />
      </div>
    );
  return (
    <div className="page">
      <h1>{INTEGRATIONS.title}</h1>
      <ApiKeysSection />
      <X402FacilitatorSection />
      <section className="card" aria-labelledby="config-title">
        <h2 id="config-title">{INTEGRATIONS.config}</h2>
        <dl className="details">
          <div className="field-row">
            <dt>{INTEGRATIONS.method}</dt>
            <dd>{state.integrationMethod || INTEGRATIONS.methodDefault}</dd>
          </div>
          <div className="field-row">
            <dt>{INTEGRATIONS.webhookUrl}</dt>
            <dd>
              {webhook.url ? (
                <span className="truncate" title={webhook.url} data-testid="config-webhook-url">
                  {webhook.url}
                </span>
              ) : (
                INTEGRATIONS.notSet
              )}
            </dd>
          </div>
          <div className="field-row">
            <dt>{INTEGRATIONS.webhookStatus}</dt>
            <dd>
              <span className={`badge badge-${webhook.status.tone}`} data-testid="config-webhook-status">
                {webhook.status.text}
              </span>
            </dd>
          </div>
          <div className="field-row">
            <dt>{INTEGRATIONS.sandboxStatus}</dt>
            <dd>
              <span className={state.testPaymentCompleted ? "badge badge-success" : "badge badge-warning"}>
                {state.testPaymentCompleted ? INTEGRATIONS.completed : INTEGRATIONS.pending}
              </span>
            </dd>
          </div>
        </dl>
      </section>
      <WebhooksSection auth={auth} onEndpoints={setEndpoints} />
      <DocsSection />
    </div>
  );
}

function DocsSection() {
  return (
    <section className="card" aria-labelledby="docs-title">
      <h2 id="docs-title">{INTEGRATIONS.docs}</h2>
      <ul className="link-list">
        {INTEGRATIONS.docLinks.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
