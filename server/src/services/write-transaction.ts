import type { Db } from "../db/database.ts";
import type { Deps } from "../http/context.ts";
import type { Change } from "./change-feed.ts";

/** The changes each open transaction has made, announced once it commits. */
const madeBy = new WeakMap<Db, Change[]>();

/**
 * Runs `write` in a database transaction, then announces the changes it recorded with
 * {@link announceOnCommit} — after the commit, never inside it (a NOTIFY inside would make every
 * write on the cluster commit one at a time). A rollback drops them: nobody hears of a change that
 * did not happen.
 */
export async function transaction<T>(
  deps: Pick<Deps, "db" | "changes">,
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  const changes: Change[] = [];
  const result = await deps.db.transaction().execute((trx) => {
    madeBy.set(trx, changes);
    return write(trx);
  });
  deps.changes.announce(changes);
  return result;
}

/**
 * Records that the transaction `trx` changes what streams and workers watch (an intent, the outbox).
 * Only a transaction opened by {@link transaction} can announce on commit: any other is refused, so
 * no writer can change a watched row unheard.
 */
export function announceOnCommit(trx: Db, change: Change): void {
  const changes = madeBy.get(trx);
  if (!changes) {
    throw new Error(
      `a ${change.kind} change must be written in a transaction opened with transaction() (write-transaction.ts), so it is announced on commit`,
    );
  }
  changes.push(change);
}
