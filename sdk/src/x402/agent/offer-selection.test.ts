import type { X402Challenge, X402Form, X402Offer } from "@spay/protocol/x402";
import { describe, expect, it } from "vitest";
import { addressOnNetwork } from "../../core/wallet/transfer.js";
import { X402PaymentError } from "./errors.js";
import { chooseOffer, EXPIRY_MARGIN_SECONDS } from "./offer-selection.js";
import { paymentPolicy } from "./payment-policy.js";

const NOW = 1_700_000_000;
const USDC = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc";
const SBTC = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";
const PAY_TO = "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG";
const policy = paymentPolicy({ network: "testnet", maxAmount: { usdc: 1000n, sbtc: 10n } });

function offer(overrides: Partial<X402Offer> = {}): X402Offer {
  return {
    form: "v2",
    scheme: "exact",
    network: "stacks:2147483648",
    amount: 1000n,
    asset: USDC,
    payTo: PAY_TO,
    nonce: "0123456789abcdef0123456789abcdef",
    expiresAt: NOW + 300,
    decimals: 6,
    tokenType: "sip10",
    assetName: "usdc-token",
    feePayer: null,
    maxTimeoutSeconds: 300,
    resource: "https://api.example/paid",
    description: "",
    raw: {},
    ...overrides,
  };
}

const challenge = (form: X402Form, offers: X402Offer[]): X402Challenge => ({
  form,
  offers: offers.map((o) => ({ ...o, form })),
  error: null,
  resource: null,
});

function refusal(make: () => unknown): X402PaymentError {
  try {
    make();
  } catch (err) {
    if (err instanceof X402PaymentError) return err;
    throw err;
  }
  throw new Error("expected an X402PaymentError");
}

describe("offer selection", () => {
  it("pays the first offer the agent can pay, in the server's order", () => {
    const sbtc = offer({ asset: SBTC, amount: 2n, tokenType: "sbtc" });
    const { offer: chosen } = chooseOffer([challenge("v2", [sbtc, offer()])], policy, NOW);
    expect(chosen.asset).toBe(SBTC);
  });

  it("skips offers on another network, in another scheme, in a token not allowed, or expiring", () => {
    const { offer: chosen } = chooseOffer(
      [
        challenge("v2", [
          offer({ network: "stacks:1" }),
          offer({ scheme: "upto" }),
          offer({ asset: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.other-token" }),
          offer({ expiresAt: NOW + EXPIRY_MARGIN_SECONDS }),
          offer({ amount: 999n }),
        ]),
      ],
      policy,
      NOW,
    );
    expect(chosen.amount).toBe(999n);
  });

  it("an offer without an expiry does not expire", () => {
    expect(
      chooseOffer([challenge("v2", [offer({ expiresAt: null })])], policy, NOW).offer.expiresAt,
    ).toBeNull();
  });

  it("prefers forms in the agent's order, and never uses a form left out", () => {
    const both = [challenge("spec", [offer()]), challenge("v2", [offer()])];
    expect(chooseOffer(both, policy, NOW).challenge.form).toBe("v2");
    expect(chooseOffer(both, policy, NOW, ["spec", "v2"]).challenge.form).toBe("spec");
    const err = refusal(() => chooseOffer([challenge("spec", [offer()])], policy, NOW, ["v2", "v1"]));
    expect(err.code).toBe("no_payable_offer");
    expect(err.details.offers).toEqual([expect.objectContaining({ form: "spec", refusal: "form" })]);
  });

  it("an amount above maxAmount is refused as amount_exceeds_max, naming the price", () => {
    const err = refusal(() =>
      chooseOffer([challenge("v2", [offer({ amount: 1001n }), offer({ network: "stacks:1" })])], policy, NOW),
    );
    expect(err.code).toBe("amount_exceeds_max");
    expect(err.message).toContain(`1001 of ${USDC}`);
    expect(err.details.offers).toEqual([
      expect.objectContaining({ amount: "1001", refusal: "amount_exceeds_max" }),
      expect.objectContaining({ refusal: "network" }),
    ]);
  });

  it("caps are per token: 10 sats of sBTC is not 10 units of USDC", () => {
    const err = refusal(() =>
      chooseOffer([challenge("v2", [offer({ asset: SBTC, amount: 11n })])], policy, NOW),
    );
    expect(err.code).toBe("amount_exceeds_max");
  });

  it("refuses a payTo that is not an address on the agent's network, and a nonce too long for a memo", () => {
    const err = refusal(() =>
      chooseOffer(
        [
          challenge("v2", [
            offer({ payTo: addressOnNetwork(PAY_TO, "mainnet") }),
            offer({ payTo: "nobody" }),
            offer({ nonce: "x".repeat(35) }),
          ]),
        ],
        policy,
        NOW,
      ),
    );
    expect(err.code).toBe("no_payable_offer");
    expect((err.details.offers as { refusal: string }[]).map((o) => o.refusal)).toEqual([
      "pay_to",
      "pay_to",
      "memo",
    ]);
  });

  it("a 402 with no offers at all is no_payable_offer", () => {
    expect(refusal(() => chooseOffer([challenge("v2", [])], policy, NOW)).code).toBe("no_payable_offer");
  });
});
