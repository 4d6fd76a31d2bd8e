/**
 * An error as the single line the CLI prints: its message, and the cause of a network failure
 * (`fetch failed` alone says nothing about which host refused), never a stack.
 */
export function errorLine(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  while (current !== undefined && current !== null && parts.length < 3) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  const [first, ...causes] = parts;
  const line = causes.length > 0 ? `${first} (${causes.join(": ")})` : (first ?? "unknown error");
  return line.replace(/\s*\n\s*/g, " ").trim();
}
