import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Requirements the gateway issued for a merchant's paywall: each 402 gets a fresh nonce (the
 * transfer's memo) bound to its amount, token, payee, resource and expiry, so a payment can only
 * answer the requirement it was made for, and the client cannot rewrite the terms it echoes back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table x402_requirements (
      nonce text primary key,
      workspace_id text not null references workspaces(id) on delete cascade,
      network text not null,
      asset text not null,
      amount numeric(78, 0) not null,
      pay_to text not null,
      resource text not null,
      expires_at bigint not null,
      created_at bigint not null
    );
    create index x402_requirements_expiry on x402_requirements(expires_at)
  `,
  );
}
