import { MESSAGES } from "../messages.ts";
import { constraints, type OpenApiDocument, resolveSchema, type SchemaObject, typeLabel } from "./openapi.ts";
import { ScrollTable } from "./ScrollTable.tsx";

interface Row {
  name: string;
  depth: number;
  schema: SchemaObject;
  required: boolean;
}

/** Object fields as rows, nested objects (and arrays of objects) indented, to `maxDepth`. */
function rows(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  depth: number,
  maxDepth: number,
  seen: Set<string>,
): Row[] {
  const s = resolveSchema(doc, schema);
  const target =
    s?.type === "array" || (Array.isArray(s?.type) && s.type.includes("array"))
      ? resolveSchema(doc, s?.items)
      : s;
  if (!target?.properties || depth > maxDepth) return [];
  const required = new Set(target.required ?? []);
  const out: Row[] = [];
  for (const [name, child] of Object.entries(target.properties)) {
    out.push({ name, depth, schema: child, required: required.has(name) });
    const ref = child.$ref ?? child.items?.$ref;
    if (ref && seen.has(ref)) continue;
    out.push(...rows(doc, child, depth + 1, maxDepth, ref ? new Set([...seen, ref]) : seen));
  }
  return out;
}

/** A schema as a table of its fields: name, type, required, description and constraints. */
export function SchemaFields({
  doc,
  schema,
  caption,
  endpoint,
}: {
  doc: OpenApiDocument;
  schema: SchemaObject | undefined;
  caption: string;
  /** The operation the table belongs to ("POST /v1/refunds"): names its scrolling region apart from the others. */
  endpoint: string;
}) {
  const fields = rows(doc, schema, 0, 2, new Set(schema?.$ref ? [schema.$ref] : []));
  if (fields.length === 0) {
    return (
      <p className="schema-type">
        {caption}: <code>{typeLabel(doc, schema)}</code>
      </p>
    );
  }
  return (
    <ScrollTable label={`${caption}: ${endpoint}`}>
      <table className="schema-table">
        <caption>
          {caption} <code>{typeLabel(doc, schema)}</code>
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f, i) => {
            const resolved = resolveSchema(doc, f.schema);
            const notes = constraints(resolved);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are static for a given schema.
              <tr key={`${f.name}-${i}`}>
                <td className={`depth-${f.depth}`}>
                  <code>{f.name}</code>
                  {f.required && <span className="required"> {MESSAGES.api.required}</span>}
                </td>
                <td>
                  <code>{typeLabel(doc, f.schema)}</code>
                </td>
                <td>
                  {f.schema.description ?? resolved?.description ?? ""}
                  {notes.length > 0 && <span className="constraints"> ({notes.join(", ")})</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
