import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * After the sale: refunds and customers, non-custodially.
 *
 * A refund (`re_…`) returns part or all of a settled payment to the address that paid it, in the
 * same token. sPay never holds funds: the merchant pays the refund from the payout address with a
 * transfer whose memo is the refund id, and the watcher counts that transfer once (`txid` unique)
 * when it carries the exact amount to the payer. The refundable amount is what the payment counted
 * less the refunds pending or succeeded; creation checks it under the intent's row lock.
 *
 * A customer (`cus_…`) is a payer's email in one environment: created when a payment carrying it
 * settles, with the paying address and running totals kept in the same transaction as the
 * settlement or the refund (lifetime value = settled − refunded, in cents).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table customers (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text not null references environments(id) on delete cascade,
      env text not null check (env in ('test', 'live')),
      email text not null,
      address text,
      payments_count integer not null default 0,
      refunds_count integer not null default 0,
      total_paid_minor bigint not null default 0,
      total_refunded_minor bigint not null default 0,
      first_payment_at bigint,
      last_payment_at bigint,
      created_at bigint not null,
      updated_at bigint not null
    );
    create unique index customers_email on customers(environment_id, email);
    create index customers_workspace on customers(workspace_id, seq);

    alter table payment_intents add column amount_refunded numeric(78, 0) not null default 0;
    alter table payment_intents add column customer_id text references customers(id) on delete set null;

    create table refunds (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text not null references environments(id) on delete cascade,
      env text not null check (env in ('test', 'live')),
      payment_intent_id text not null references payment_intents(id) on delete cascade,
      customer_id text references customers(id) on delete set null,
      asset text not null,
      token_contract text not null,
      amount numeric(78, 0) not null check (amount > 0),
      amount_minor bigint not null check (amount_minor >= 0),
      source text not null,
      destination text not null,
      reason text not null,
      status text not null check (status in ('pending', 'succeeded', 'failed')),
      status_reason text,
      txid text,
      metadata jsonb not null,
      created_at bigint not null,
      updated_at bigint not null,
      succeeded_at bigint,
      failed_at bigint
    );
    create index refunds_workspace on refunds(workspace_id, seq);
    create index refunds_intent on refunds(payment_intent_id, status);
    create index refunds_pending on refunds(env) where status = 'pending';
    create unique index refunds_txid on refunds(txid) where txid is not null;
    `,
  );
}
