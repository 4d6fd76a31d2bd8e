import { MESSAGES } from "../messages.ts";
import { curlExample } from "./curl.ts";
import { constraints, type Endpoint, type OpenApiDocument, resolveSchema, typeLabel } from "./openapi.ts";
import { SchemaFields } from "./SchemaFields.tsx";
import { ScrollTable } from "./ScrollTable.tsx";

const isError = (status: string) => /^[45]/.test(status);

/** One endpoint: summary, authentication, parameters, request body, responses, errors, curl. */
export function EndpointSection({
  doc,
  endpoint,
  baseUrl,
}: {
  doc: OpenApiDocument;
  endpoint: Endpoint;
  baseUrl: string;
}) {
  const { operation } = endpoint;
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(operation.responses ?? {});
  const successes = responses.filter(([status]) => !isError(status));
  const errors = responses.filter(([status]) => isError(status));
  const name = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
  return (
    <section className="endpoint" id={endpoint.id} aria-labelledby={`${endpoint.id}-title`}>
      <h3 id={`${endpoint.id}-title`}>
        <span className={`method method-${endpoint.method}`}>{endpoint.method.toUpperCase()}</span>{" "}
        <code className="endpoint-path">{endpoint.path}</code>
      </h3>
      {operation.summary && <p>{operation.summary}</p>}
      {operation.description && <p>{operation.description}</p>}
      <p className="auth">
        <strong>{MESSAGES.api.auth}:</strong>{" "}
        {operation.security?.length ? MESSAGES.api.bearer : MESSAGES.api.noAuth}
      </p>
      {parameters.length > 0 && (
        <ScrollTable label={`${MESSAGES.api.parameters}: ${name}`}>
          <table className="schema-table">
            <caption>{MESSAGES.api.parameters}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {parameters.map((p) => {
                const notes = constraints(resolveSchema(doc, p.schema));
                return (
                  <tr key={`${p.in}-${p.name}`}>
                    <td>
                      <code>{p.name}</code>
                      <span className={p.required ? "required" : "optional"}>
                        {" "}
                        {p.required ? MESSAGES.api.required : MESSAGES.api.optional}
                      </span>
                    </td>
                    <td>{p.in}</td>
                    <td>
                      <code>{typeLabel(doc, p.schema)}</code>
                    </td>
                    <td>
                      {p.description ?? p.schema?.description ?? ""}
                      {notes.length > 0 && <span className="constraints"> ({notes.join(", ")})</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {body && <SchemaFields doc={doc} schema={body} caption={MESSAGES.api.requestBody} endpoint={name} />}
      <h4>{MESSAGES.api.responses}</h4>
      {successes.map(([status, response]) => (
        <div key={status} className="response">
          <p>
            <span className="status ok">{status}</span> {response.description}
          </p>
          {response.content?.["application/json"]?.schema && (
            <SchemaFields
              doc={doc}
              schema={response.content["application/json"].schema}
              caption={`${status} body`}
              endpoint={name}
            />
          )}
          {response.content?.["text/event-stream"] && (
            <p>
              Content type <code>text/event-stream</code>.
            </p>
          )}
        </div>
      ))}
      {errors.length > 0 && (
        <>
          <h4>{MESSAGES.api.errors}</h4>
          <ul className="errors">
            {errors.map(([status, response]) => (
              <li key={status}>
                <span className="status error">{status}</span> {response.description}
              </li>
            ))}
          </ul>
        </>
      )}
      <h4>{MESSAGES.api.example}</h4>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard */}
      <pre tabIndex={0}>
        <code className="language-sh">{curlExample(doc, endpoint, baseUrl)}</code>
      </pre>
    </section>
  );
}
