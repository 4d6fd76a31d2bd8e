import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * STX as an asset: a payment intent may be priced and paid in native STX
 * (`token_contract` = `STX`, amounts in µSTX), frozen at the STX/USD price kept in `usd_per_stx`
 * as sBTC's is in `usd_per_btc`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    alter table payment_intents drop constraint payment_intents_asset_check;
    alter table payment_intents add constraint payment_intents_asset_check
      check (asset in ('sbtc', 'usdc', 'stx'));
    alter table payment_intents add column usd_per_stx numeric;
  `,
  );
}
