/**
 * The fee of a payment transfer, in µSTX: a fixed amount, or the Stacks API's estimate for the
 * transfer (`POST /v2/fees/transaction`, its middle estimate), held to a ceiling so a bad estimate
 * never spends more than the payer allows.
 */
import { fetchFeeEstimate, type StacksTransactionWire } from "@stacks/transactions";
import { X402PaymentError } from "../agent/errors.js";
import type { AtomicAmount, StacksNetworkName } from "../agent/payment-policy.js";
import type { FetchLike } from "../agent/stacks-api.js";
import { DEFAULT_FEE_MICRO_STX } from "../agent/wrap-fetch.js";

/** A fixed fee in µSTX, or `"estimate"`: ask the Stacks API. */
export type FeeOption = AtomicAmount | "estimate";

/** The most a payment transfer's fee may be unless the payer says otherwise (0.1 STX). */
export const DEFAULT_MAX_FEE_MICRO_STX = 100_000n;

/** A non-negative integer number of µSTX, or an `invalid_options` error naming the option. */
export function microStx(value: AtomicAmount, option: string): bigint {
  const text = typeof value === "bigint" ? value.toString() : String(value);
  if (!/^\d{1,20}$/.test(text) || (typeof value === "number" && !Number.isSafeInteger(value)))
    throw new X402PaymentError("invalid_options", `${option} must be a non-negative integer in µSTX`);
  return BigInt(text);
}

/** How a payment transfer's fee is chosen. */
export interface FeePolicy {
  fee: FeeOption;
  maxFee: bigint;
}

/**
 * The fee for `unsigned` (built with any fee: only its payload and length count). An estimate the
 * API cannot give falls back to sPay's default fee (3000 µSTX); one above `maxFee` is `maxFee`.
 */
export async function chooseFee(
  policy: FeePolicy,
  unsigned: StacksTransactionWire,
  api: { baseUrl: string; network: StacksNetworkName; fetch: FetchLike },
): Promise<bigint> {
  if (policy.fee !== "estimate") return microStx(policy.fee, "fee");
  let estimate: bigint;
  try {
    estimate = BigInt(
      await fetchFeeEstimate({
        transaction: unsigned,
        network: api.network,
        client: { baseUrl: api.baseUrl, fetch: api.fetch },
      }),
    );
  } catch {
    estimate = DEFAULT_FEE_MICRO_STX;
  }
  return estimate > policy.maxFee ? policy.maxFee : estimate;
}
