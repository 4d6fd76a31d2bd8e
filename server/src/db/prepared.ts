import type pg from "pg";

/**
 * Statements run on every request of a hot path are prepared once per connection: PostgreSQL then
 * parses and plans them once, not on every call. For the payment-intent create statement (four
 * inserts in one) parsing and planning cost more of the database's time than the inserts did.
 * A statement opts in by starting with this mark; on PGlite the mark is only a comment.
 */
export const PREPARED = "/* prepared */ ";

const names = new Map<string, string>();

/** One name per statement text, the same on every connection of the process. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `spay_prepared_${names.size}`;
    names.set(text, name);
  }
  return name;
}

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Makes every connection of `pool` run marked statements as named prepared statements. Other
 * queries, and every other form of `query` (config objects, callbacks), pass through unchanged.
 */
export function prepareMarkedStatements(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as QueryFunction;
    const prepared: QueryFunction = (text, ...rest) =>
      typeof text === "string" && text.startsWith(PREPARED)
        ? query({ name: statementName(text), text, values: rest[0] }, ...rest.slice(1))
        : query(text, ...rest);
    (client as unknown as { query: QueryFunction }).query = prepared;
  });
}
