import type { SPayClient } from "../../core/client.js";
import { FALLBACK_USD_PER_BTC } from "../../core/format.js";

/**
 * The API's BTC/USD rate (`client.getExchangeRate()`, public `GET /fx`), used to show the sats
 * estimate before an intent fixes the amount. Any failure gives SPEC.md §9's fallback rate
 * (§8: only logged).
 */
export async function fetchUsdPerBtc(client: Pick<SPayClient, "getExchangeRate">): Promise<number> {
  try {
    const { usdPerBtc } = await client.getExchangeRate();
    if (typeof usdPerBtc === "number" && usdPerBtc > 0) return usdPerBtc;
    throw new Error("no usdPerBtc in the answer");
  } catch (err) {
    console.warn("sPay: BTC rate unavailable, using the fallback rate", err);
    return FALLBACK_USD_PER_BTC;
  }
}
