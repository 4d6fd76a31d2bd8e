import {
  ChainhookEventSchema,
  StacksExecutionCostSchema,
  StacksStatusSchema,
} from "@hirosystems/chainhooks-client/schemas";
import { Kind, type TSchema } from "@sinclair/typebox";

const isSchema = (value: unknown): value is TSchema =>
  typeof value === "object" && value !== null && Kind in value;

/**
 * `ChainhookEventSchema` of @hirosystems/chainhooks-client 2.1.1, made checkable (the devnet sends
 * it, the gateway accepts it). Its CommonJS
 * build has require cycles (stacks/index → block → stacks/index, operations → stacks/index) that
 * leave sub-schemas unset at load time: `execution_cost` of block and transaction metadata is
 * `undefined`, and every operation's `status` is an empty non-schema object. TypeBox's
 * `Value.Check` then throws "Unknown type". The holes are filled with the package's own
 * `StacksExecutionCostSchema` and `StacksStatusSchema` (defined once the cycles complete);
 * everything else is as published. Throws if some other part is not a schema.
 */
export function chainhookEventSchema(): typeof ChainhookEventSchema {
  if (checked) return ChainhookEventSchema;
  const block = ChainhookEventSchema.properties.event.properties.apply.items;
  const transaction = block.properties.transactions.items;
  const metadata: Array<Record<string, TSchema | undefined>> = [
    block.properties.metadata.properties,
    transaction.properties.metadata.properties,
  ];
  for (const properties of metadata) {
    if (!isSchema(properties.execution_cost)) properties.execution_cost = StacksExecutionCostSchema;
  }
  for (const operation of transaction.properties.operations.items.anyOf) {
    const properties: Record<string, TSchema | undefined> = operation.properties;
    if (!isSchema(properties.status)) properties.status = StacksStatusSchema;
  }
  assertComplete(ChainhookEventSchema, "ChainhookEventSchema");
  checked = true;
  return ChainhookEventSchema;
}

let checked = false;

function assertComplete(schema: unknown, path: string): void {
  if (!isSchema(schema)) throw new Error(`${path} is not a TypeBox schema`);
  const node = schema as TSchema & {
    properties?: Record<string, unknown>;
    items?: unknown;
    anyOf?: unknown[];
    allOf?: unknown[];
  };
  for (const [key, value] of Object.entries(node.properties ?? {})) assertComplete(value, `${path}.${key}`);
  if (node.items !== undefined) assertComplete(node.items, `${path}[]`);
  for (const [i, value] of [...(node.anyOf ?? []), ...(node.allOf ?? [])].entries()) {
    assertComplete(value, `${path}|${i}`);
  }
}
