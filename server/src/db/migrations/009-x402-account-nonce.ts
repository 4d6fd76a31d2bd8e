import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * A payment is used once by txid *and* by the payer's account nonce: two signed
 * transactions spending the same nonce (a replace-by-fee, or two payments raced through verify
 * before either reached the mempool) can never both be claimed, so one cannot replace the other
 * between verify and broadcast and leave a settled answer without a payment behind it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    alter table x402_payments add column account_nonce numeric(20, 0);
    create unique index x402_payments_account_nonce
      on x402_payments(network, payer, account_nonce) where account_nonce is not null;
  `,
  );
}
