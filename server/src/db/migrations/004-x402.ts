import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * x402 payments: each settled payment once (txid and, per workspace, the requirement's nonce are
 * unique — a replay or a race loses on the constraint). Micro-payments below one cent are real
 * intents too, so amount_minor may be 0 while amount_asset holds the exact units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    alter table payment_intents drop constraint payment_intents_amount_minor_check;
    alter table payment_intents add constraint payment_intents_amount_minor_check check (amount_minor >= 0);
    create table x402_payments (
      txid text primary key,
      workspace_id text not null references workspaces(id) on delete cascade,
      nonce text,
      payer text not null,
      amount numeric(78, 0) not null,
      asset text not null,
      network text not null,
      payment_intent_id text references payment_intents(id) on delete set null,
      created_at bigint not null
    );
    create unique index x402_payments_nonce on x402_payments(workspace_id, nonce) where nonce is not null
  `,
  );
}
