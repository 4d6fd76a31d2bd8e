/**
 * US-dollar amounts, exact below a cent. sPay keeps every dollar amount — a payment, a refund, a
 * customer's totals, a sum in analytics — as an integer count of micro-dollars (millionths of a
 * dollar, one USDC atomic unit each), because x402 sells calls at $0.001 and cents would round
 * them to nothing. Sums are integer sums; the texts below are the only ways an amount is written
 * out, so a figure reads the same in the dashboard, the CSV export and a receipt mail.
 */

/** Micro-dollars in one cent. */
export const MICROS_PER_CENT = 10_000;
/** Micro-dollars in one dollar. */
export const MICROS_PER_DOLLAR = 1_000_000;

/** An amount as the API and the database give it: an integer, or the digits of one. */
export type MicrosInput = number | bigint | string;

function toBigInt(micros: MicrosInput): bigint {
  if (typeof micros === "bigint") return micros;
  if (typeof micros === "number") {
    if (!Number.isSafeInteger(micros)) throw new RangeError(`not a whole number of micro-dollars: ${micros}`);
    return BigInt(micros);
  }
  if (!/^-?\d+$/.test(micros)) throw new RangeError(`not a whole number of micro-dollars: ${micros}`);
  return BigInt(micros);
}

/** Whole cents in micro-dollars. */
export function centsToMicros(cents: number): number {
  return cents * MICROS_PER_CENT;
}

/**
 * Dollars as an exact decimal: at least two places, more only where the amount has them
 * (`1000` → `"0.001"`, `19990000` → `"19.99"`, `5000000` → `"5.00"`). No grouping or symbol: for
 * exports and machine-read text.
 */
export function usdDecimal(micros: MicrosInput): string {
  const value = toBigInt(micros);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = BigInt(MICROS_PER_DOLLAR);
  let fraction = (abs % unit).toString().padStart(6, "0");
  while (fraction.length > 2 && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return `${negative ? "-" : ""}${abs / unit}.${fraction}`;
}

/** Dollars for people: `usdDecimal` with a dollar sign and grouped thousands (`"$1,234.50"`, `"$0.001"`). */
export function formatUsdMicros(micros: MicrosInput): string {
  const text = usdDecimal(micros);
  const negative = text.startsWith("-");
  const [whole = "0", fraction = "00"] = (negative ? text.slice(1) : text).split(".");
  return `${negative ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}
