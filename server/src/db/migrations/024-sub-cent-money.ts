import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Money in US dollars is kept in micro-dollars (millionths, one USDC atomic unit each): x402 sells
 * calls at a tenth of a cent, and whole cents turned two settled $0.001 payments into $0.00 in
 * every list, sum and export. `amount_micros` is now the one stored amount of a payment, a refund
 * and a customer's totals; the cents columns stay for the API's `amount_minor` and are derived by
 * PostgreSQL from the micros (whole cents, rounded down), so the two can never disagree.
 *
 * Existing rows: cents × 10 000, but for x402 payments in USDC, whose atomic units are the exact
 * micro-dollars the cents had rounded away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `alter table payment_intents add column amount_micros bigint;
     update payment_intents set amount_micros = case
       when payment_method = 'x402' and asset = 'usdc' then amount_asset::bigint
       else amount_minor * 10000 end;
     alter table payment_intents alter column amount_micros set not null;
     alter table payment_intents add constraint payment_intents_amount_micros_check check (amount_micros >= 0);
     alter table payment_intents drop column amount_minor;
     alter table payment_intents add column amount_minor bigint generated always as (amount_micros / 10000) stored;

     alter table refunds add column amount_micros bigint;
     update refunds r set amount_micros = case
       when pi.payment_method = 'x402' and pi.asset = 'usdc' then r.amount::bigint
       else r.amount_minor * 10000 end
       from payment_intents pi where pi.id = r.payment_intent_id;
     update refunds set amount_micros = amount_minor * 10000 where amount_micros is null;
     alter table refunds alter column amount_micros set not null;
     alter table refunds add constraint refunds_amount_micros_check check (amount_micros >= 0);
     alter table refunds drop column amount_minor;
     alter table refunds add column amount_minor bigint generated always as (amount_micros / 10000) stored;

     alter table customers add column total_paid_micros bigint not null default 0;
     alter table customers add column total_refunded_micros bigint not null default 0;
     update customers set total_paid_micros = total_paid_minor * 10000,
       total_refunded_micros = total_refunded_minor * 10000;
     alter table customers drop column total_paid_minor;
     alter table customers drop column total_refunded_minor;
     alter table customers add column total_paid_minor bigint generated always as (total_paid_micros / 10000) stored;
     alter table customers add column total_refunded_minor bigint generated always as (total_refunded_micros / 10000) stored;`,
  );
}
