import { X402_NETWORKS, type X402PaymentRequiredV2 } from "@spay/protocol/x402";

/** Test support: the payout address and USDC contract the stub gateways below price in. */
export const PAY_TO = "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG";
export const USDC = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc-token";

/**
 * What a stub gateway answers to `POST /v1/x402/requirements`: one $0.001 USDC offer on testnet
 * for the resource it was asked about, as the real gateway shapes it.
 */
export function stubRequirements(body: BodyInit | null | undefined): Response {
  const { resource } = JSON.parse(String(body)) as { resource: { url: string } };
  const required: X402PaymentRequiredV2 = {
    x402Version: 2,
    resource: { url: resource.url, description: "Weather now", mimeType: "application/json" },
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
  return Response.json(required);
}
