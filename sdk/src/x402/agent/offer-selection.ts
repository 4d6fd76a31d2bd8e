/**
 * Which requirement of a 402 answer the agent pays: the first, in the agent's order of forms and
 * then the server's order of offers, that is on the agent's network, in the `exact` scheme, in an
 * allowed token, unexpired, payable to a valid address, and within the token's cap.
 */

import { X402_SCHEME, type X402Challenge, type X402Form, type X402Offer } from "@spay/protocol/x402";
import { Address } from "@stacks/transactions";
import { X402PaymentError } from "./errors.js";
import type { PaymentPolicy, StacksNetworkName } from "./payment-policy.js";

/** Offers expiring within this many seconds are not paid: the payment could not arrive in time. */
export const EXPIRY_MARGIN_SECONDS = 5;
/** SIP-010's memo is `(optional (buff 34))`: the nonce must fit. */
const MAX_MEMO_BYTES = 34;

/** The forms in the agent's default order: signed-not-broadcast transfers first. */
export const DEFAULT_FORM_ORDER: readonly X402Form[] = ["v2", "v1", "spec"];

/** Why an offer cannot be paid. */
export type OfferRefusal =
  | "network"
  | "scheme"
  | "asset"
  | "expired"
  | "pay_to"
  | "memo"
  | "amount_exceeds_max"
  | "form";

/** An offer and the challenge it came in: what a payment answers. */
export interface OfferChoice {
  challenge: X402Challenge;
  offer: X402Offer;
}

/** One offer the agent turned down, and why (in `no_payable_offer` / `amount_exceeds_max` details). */
export interface RefusedOffer {
  form: X402Form;
  network: string;
  asset: string;
  amount: string;
  refusal: OfferRefusal;
}

const ADDRESS_VERSIONS: Record<StacksNetworkName, readonly number[]> = {
  mainnet: [22, 20],
  testnet: [26, 21],
};

function isAddressOn(address: string, network: StacksNetworkName): boolean {
  try {
    return ADDRESS_VERSIONS[network].includes(Address.parse(address as `S${string}`).version);
  } catch {
    return false;
  }
}

/** True when the offer expires within the margin (or has already expired) at `nowSeconds`. */
export function isExpired(offer: Pick<X402Offer, "expiresAt">, nowSeconds: number): boolean {
  return offer.expiresAt !== null && offer.expiresAt <= nowSeconds + EXPIRY_MARGIN_SECONDS;
}

/** Why the agent will not pay an offer, or null when it will. */
export function refusalOf(offer: X402Offer, policy: PaymentPolicy, nowSeconds: number): OfferRefusal | null {
  if (offer.network !== policy.network) return "network";
  if (offer.scheme !== X402_SCHEME) return "scheme";
  const cap = policy.caps.get(offer.asset);
  if (cap === undefined) return "asset";
  if (isExpired(offer, nowSeconds)) return "expired";
  if (!isAddressOn(offer.payTo, policy.stacksNetwork)) return "pay_to";
  if (offer.nonce !== null && new TextEncoder().encode(offer.nonce).length > MAX_MEMO_BYTES) return "memo";
  if (offer.amount > cap) return "amount_exceeds_max";
  return null;
}

/**
 * Picks the offer to pay. Throws `amount_exceeds_max` when the only offers the agent could pay
 * cost more than their caps, else `no_payable_offer`; both list every offer with its refusal.
 */
export function chooseOffer(
  challenges: readonly X402Challenge[],
  policy: PaymentPolicy,
  nowSeconds: number,
  forms: readonly X402Form[] = DEFAULT_FORM_ORDER,
): OfferChoice {
  const refused: RefusedOffer[] = [];
  const ordered = [...challenges]
    .filter((c) => forms.includes(c.form))
    .sort((a, b) => forms.indexOf(a.form) - forms.indexOf(b.form));
  for (const challenge of ordered) {
    for (const offer of challenge.offers) {
      const refusal = refusalOf(offer, policy, nowSeconds);
      if (refusal === null) return { challenge, offer };
      refused.push(describe(offer, refusal));
    }
  }
  for (const challenge of challenges.filter((c) => !forms.includes(c.form)))
    for (const offer of challenge.offers) refused.push(describe(offer, "form"));
  if (refused.some((r) => r.refusal === "amount_exceeds_max")) {
    const over = refused.filter((r) => r.refusal === "amount_exceeds_max");
    throw new X402PaymentError(
      "amount_exceeds_max",
      `the server asks ${over.map((r) => `${r.amount} of ${r.asset}`).join(" or ")}, above maxAmount`,
      { offers: refused },
    );
  }
  throw new X402PaymentError(
    "no_payable_offer",
    `none of the ${refused.length} offered payments fits the agent (${[...new Set(refused.map((r) => r.refusal))].join(", ") || "no offers"})`,
    { offers: refused },
  );
}

function describe(offer: X402Offer, refusal: OfferRefusal): RefusedOffer {
  return {
    form: offer.form,
    network: offer.network,
    asset: offer.asset,
    amount: offer.amount.toString(),
    refusal,
  };
}
