import { LOCAL_API_URL } from "../site.ts";
import { useServedOrigin, withServedOrigin } from "../ui/servedOrigin.ts";
import { openapiDocument } from "./document.ts";
import { EndpointSection } from "./EndpointSection.tsx";
import { endpointId, endpointsByTag, type OpenApiDocument } from "./openapi.ts";

const tagId = (tag: string) => `tag-${endpointId("", tag)}`;

/**
 * The API reference, generated from the server's OpenAPI document at build time
 * (`virtual:spay-openapi`, see build/openapi-plugin.ts).
 */
export function ApiReferenceView({ doc }: { doc: OpenApiDocument }) {
  const groups = [...endpointsByTag(doc)];
  const baseUrl = withServedOrigin(doc.servers?.[0]?.url ?? LOCAL_API_URL, useServedOrigin());
  const count = groups.reduce((n, [, list]) => n + list.length, 0);
  return (
    <div className="api-reference prose">
      <h1>API Reference</h1>
      <p>
        {doc.info.title} <code>{doc.info.version}</code> — {count} endpoints, generated from the server's
        OpenAPI {doc.openapi} document (<a href={`${baseUrl}/v1/openapi.json`}>/v1/openapi.json</a>). Base URL{" "}
        <code>{baseUrl}</code>.
      </p>
      {doc.info.description && <p>{doc.info.description}</p>}
      <p>
        Conventions: ids carry a type prefix (<code>pi_</code>, <code>prod_</code>, <code>evt_</code>…), times
        are unix seconds, money is integer minor units (cents) and asset amounts are strings of atomic units.
        Lists take <code>limit</code> (1–100, default 10), <code>starting_after</code> and{" "}
        <code>ending_before</code> and answer <code>{'{object: "list", data, has_more}'}</code>. Send an{" "}
        <code>Idempotency-Key</code> with every POST. Every error is{" "}
        <code>{"{error: {type, code, message, param?, request_id}}"}</code> and every response carries{" "}
        <code>X-Request-Id</code>.
      </p>
      <nav aria-label="Endpoint groups" className="api-toc">
        <ul>
          {groups.map(([tag, list]) => (
            <li key={tag}>
              <a href={`#${tagId(tag)}`}>{tag}</a> <span className="muted">({list.length})</span>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map(([tag, list]) => (
        <section key={tag} aria-labelledby={tagId(tag)}>
          <h2 id={tagId(tag)}>{tag}</h2>
          {list.map((endpoint) => (
            <EndpointSection key={endpoint.id} doc={doc} endpoint={endpoint} baseUrl={baseUrl} />
          ))}
        </section>
      ))}
    </div>
  );
}

export default function ApiReference() {
  return <ApiReferenceView doc={openapiDocument} />;
}
