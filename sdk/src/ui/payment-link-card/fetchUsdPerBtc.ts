import type { SPayClient } from "../../core/client.js";
import { FALLBACK_USD_PER_BTC } from "../../core/format.js";

/**
 * The API's BTC/USD rate (`client.getExchangeRate()`, public `GET /fx`), used to show the sats
 * estimate before an intent fixes the amount. Any failure gives SPEC.md §9's fallback rate
 * (§8: only logged).
 */
export async function fetchUsdPerBtc(client: Pick<SPayClient, "getExchangeRate">): Promise<number> {
  let answer: unknown;
  try {
    answer = await client.getExchangeRate();
    const { usdPerBtc } = answer as { usdPerBtc?: unknown };
    if (typeof usdPerBtc === "number" && usdPerBtc > 0) return usdPerBtc;
  } catch (err) {
    answer = err;
  }
  console.warn("sPay: using the fallback BTC rate", answer);
  return FALLBACK_USD_PER_BTC;
}
