import { describe, expect, it } from "vitest";
import { encodeX402Header } from "./header.ts";
import type { X402AcceptV2, X402PaymentRequiredV2 } from "./requirements.ts";
import {
  fallbackDecimals,
  parseRequirement,
  readChallenge,
  toSpecRequirements,
  toV1,
} from "./requirements.ts";
import { X402_NETWORKS, X402Error, type X402Reason } from "./wire.ts";

const PAY_TO = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM";
const SBTC = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";
const USDC = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdcx";

const reasonOf = (fn: () => unknown): X402Reason | null => {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof X402Error) return err.reason;
    throw err;
  }
};

describe("decimals a requirement leaves out come from the token registry", () => {
  it("sBTC has 8, USDC 6, by the contract the requirement names", () => {
    expect(fallbackDecimals(SBTC, "")).toBe(8);
    expect(fallbackDecimals(USDC, "")).toBe(6);
    // A deployment's own contract id, named like a registered one.
    expect(fallbackDecimals("ST000000000000000000002AMW42H.sbtc-token", "")).toBe(8);
  });

  it("an unknown contract falls back to SPEC.md's asset_type ('sip10' is USDC), then to 6", () => {
    expect(fallbackDecimals("ST1.mystery", "sip10")).toBe(6);
    expect(fallbackDecimals("ST1.mystery", "sbtc")).toBe(8);
    expect(fallbackDecimals("ST1.mystery", "")).toBe(6);
  });

  it("stated decimals win", () => {
    const r = parseRequirement({
      network: X402_NETWORKS.testnet,
      asset: SBTC,
      payTo: PAY_TO,
      amount: "1",
      extra: { decimals: 2 },
    });
    expect(r.decimals).toBe(2);
    const unstated = parseRequirement({
      network: X402_NETWORKS.testnet,
      asset: SBTC,
      payTo: PAY_TO,
      amount: "1",
    });
    expect(unstated.decimals).toBe(8);
  });
});

describe("requirements in every form read the same", () => {
  const required: X402PaymentRequiredV2 = {
    x402Version: 2,
    resource: { url: "https://api.example/weather", description: "Weather", mimeType: "application/json" },
    accepts: [
      {
        scheme: "exact",
        network: X402_NETWORKS.testnet,
        amount: "1000",
        asset: USDC,
        payTo: PAY_TO,
        maxTimeoutSeconds: 300,
        extra: { nonce: "n1", expiresAt: 1_900_000_000, decimals: 6, tokenType: "sip10" },
      },
    ],
  };

  it("v2 header, v1 body and SPEC.md body give the same terms", () => {
    const forms = [
      readChallenge(encodeX402Header(required), null),
      readChallenge(null, toV1(required)),
      readChallenge(null, { x402_requirements: toSpecRequirements(required) }),
    ];
    expect(forms.map((c) => c.form)).toEqual(["v2", "v1", "spec"]);
    for (const { offers } of forms) {
      const [offer] = offers;
      expect(offer).toMatchObject({
        network: X402_NETWORKS.testnet,
        amount: 1000n,
        asset: USDC,
        payTo: PAY_TO,
        nonce: "n1",
        expiresAt: 1_900_000_000,
        decimals: 6,
      });
    }
  });

  it("v1 names the network by word", () => {
    expect(toV1(required).accepts[0]?.network).toBe("stacks-testnet");
  });

  it("extra.feePayer names the fee's sponsor in v2 and v1; SPEC.md's payer broadcasts itself, so it has none", () => {
    const FEE_PAYER = "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG";
    const [entry] = required.accepts;
    const sponsored: X402PaymentRequiredV2 = {
      ...required,
      accepts: [
        { ...(entry as X402AcceptV2), extra: { ...(entry as X402AcceptV2).extra, feePayer: FEE_PAYER } },
      ],
    };
    expect(readChallenge(encodeX402Header(sponsored), null).offers[0]?.feePayer).toBe(FEE_PAYER);
    expect(toV1(sponsored).accepts[0]?.extra.feePayer).toBe(FEE_PAYER);
    expect(readChallenge(null, toV1(sponsored)).offers[0]?.feePayer).toBe(FEE_PAYER);
    expect(
      readChallenge(null, { x402_requirements: toSpecRequirements(sponsored) }).offers[0]?.feePayer,
    ).toBe(null);
    expect(readChallenge(encodeX402Header(required), null).offers[0]?.feePayer).toBe(null);
  });

  it("a facilitator refuses unsupported networks, missing payee or token, and non-integer amounts", () => {
    const ok = { network: "stacks-testnet", asset: USDC, payTo: PAY_TO, amount: "5" };
    expect(parseRequirement(ok).network).toBe(X402_NETWORKS.testnet);
    expect(reasonOf(() => parseRequirement({ ...ok, network: "eip155:1" }))).toBe("invalid_network");
    expect(reasonOf(() => parseRequirement({ ...ok, payTo: undefined }))).toBe("invalid_payload");
    expect(reasonOf(() => parseRequirement({ ...ok, asset: 7 }))).toBe("invalid_payload");
    expect(reasonOf(() => parseRequirement({ ...ok, amount: "1.5" }))).toBe("invalid_payload");
    expect(reasonOf(() => parseRequirement({ ...ok, amount: undefined }))).toBe("invalid_payload");
  });
});
