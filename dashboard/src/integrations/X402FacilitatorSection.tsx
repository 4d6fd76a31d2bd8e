import type { ApiKey } from "../api/types.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useEnvironments } from "../tenancy/environments.tsx";
import { CopyButton } from "../ui/CopyButton.tsx";
import { X402_FACILITATOR } from "./messages.ts";

/** The public facilitator's two URLs for a publishable key (server/src/routes/x402-public.ts). */
export function facilitatorUrls(
  origin: string,
  publishableKey: string,
): { mempool: string; confirmed: string } {
  const mempool = `${origin}/x402/${encodeURIComponent(publishableKey)}`;
  return { mempool, confirmed: `${mempool}/confirmed` };
}

/**
 * The publishable key that names the environment to the facilitator: an active one with its full
 * value, in the current environment (any environment while none is known yet).
 */
export function facilitatorKey(
  keys: readonly ApiKey[],
  environmentId: string | undefined,
): ApiKey | undefined {
  return keys.find(
    (k) =>
      k.type === "pk" &&
      k.is_active &&
      k.state === "enabled" &&
      Boolean(k.key) &&
      (environmentId === undefined || k.environment_id === environmentId),
  );
}

/** Integrations: the current environment's public x402 facilitator URLs. */
export function X402FacilitatorSection() {
  const { state } = useMerchant();
  const { current } = useEnvironments();
  const key = facilitatorKey(state.apiKeys, current?.id);
  return <X402FacilitatorBlock publishableKey={key?.key} env={key?.env} />;
}

export function X402FacilitatorBlock({
  publishableKey,
  env,
  origin = window.location.origin,
}: {
  publishableKey: string | undefined;
  env: "test" | "live" | undefined;
  origin?: string;
}) {
  const urls = publishableKey ? facilitatorUrls(origin, publishableKey) : null;
  const rows = urls
    ? [
        {
          id: "mempool",
          term: X402_FACILITATOR.mempool,
          url: urls.mempool,
          copy: X402_FACILITATOR.copyMempool,
        },
        {
          id: "confirmed",
          term: X402_FACILITATOR.confirmed,
          url: urls.confirmed,
          copy: X402_FACILITATOR.copyConfirmed,
        },
      ]
    : [];
  return (
    <section className="card" aria-labelledby="x402-facilitator-title" data-testid="x402-facilitator">
      <h2 id="x402-facilitator-title">{X402_FACILITATOR.title}</h2>
      <p className="muted">{X402_FACILITATOR.explain}</p>
      {urls ? (
        <>
          {env ? <span className="badge">{X402_FACILITATOR.network(env)}</span> : null}
          <dl className="details">
            {rows.map((r) => (
              <div className="field-row" key={r.id}>
                <dt>{r.term}</dt>
                <dd>
                  <code className="key" data-testid={`x402-url-${r.id}`}>
                    {r.url}
                  </code>
                  <CopyButton text={r.url} label={r.copy} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="muted" data-testid="x402-no-key">
          {X402_FACILITATOR.noKey}
        </p>
      )}
      <p>
        <a href={X402_FACILITATOR.docsHref}>{X402_FACILITATOR.docs}</a>
      </p>
    </section>
  );
}
