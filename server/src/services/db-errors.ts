/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export function isUniqueViolation(err: unknown, constraintHint?: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== "23505") return false;
  if (!constraintHint) return true;
  return `${String(e.constraint ?? "")} ${String(e.message ?? "")}`.includes(constraintHint);
}
