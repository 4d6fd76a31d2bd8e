import { signedPayload } from "@spay/protocol/x402";
import { randomPrivateKey } from "@stacks/transactions";
import { describe, expect, it } from "vitest";
import {
  didJwk,
  signOffer,
  signReceipt,
  stacksReceiptSigner,
  verifyOffer,
  verifyReceipt,
} from "./signed-receipts.js";

const merchantKey = randomPrivateKey();
const signer = stacksReceiptSigner(merchantKey);
const RECEIPT = {
  network: "stacks:2147483648",
  resourceUrl: "https://api.example.test/weather",
  payer: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
};
const ACCEPT = {
  scheme: "exact",
  network: "stacks:2147483648",
  asset: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc",
  payTo: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
  amount: "1000",
};

/** The compact JWS with one part replaced. */
function withPart(jws: string, index: number, replace: (part: string) => string): string {
  const parts = jws.split(".");
  parts[index] = replace(parts[index] ?? "");
  return parts.join(".");
}
const b64url = (text: string) => Buffer.from(text).toString("base64url");

describe("signed receipts (x402 offer-and-receipt, JWS ES256K with a Stacks key)", () => {
  it("a receipt signed with the merchant's key verifies, and names its signer's Stacks address", async () => {
    const receipt = await signReceipt(signer, RECEIPT);
    expect(receipt.format).toBe("jws");
    const header = JSON.parse(Buffer.from(receipt.signature.split(".")[0]!, "base64url").toString());
    expect(header).toMatchObject({
      alg: "ES256K",
      kid: didJwk(signer.publicKey),
      jwk: { kty: "EC", crv: "secp256k1" },
    });
    const verified = await verifyReceipt(receipt, { ...RECEIPT });
    expect(verified).toMatchObject({
      valid: true,
      payload: { version: 1, ...RECEIPT },
      publicKey: signer.publicKey,
    });
    if (!verified.valid) return;
    expect(verified.payload).not.toHaveProperty("transaction"); // privacy-minimal by default
    expect((await verifyReceipt(receipt, { signer: verified.signerAddress })).valid).toBe(true);
    expect((await verifyReceipt(receipt, { signer: signer.publicKey })).valid).toBe(true);
  });

  it("a tampered payload fails: the signature no longer matches", async () => {
    const receipt = await signReceipt(signer, RECEIPT);
    const payload = signedPayload(receipt)!;
    const forged = withPart(receipt.signature, 1, () =>
      b64url(JSON.stringify({ ...payload, payer: "ST3FORGED0000000000000000000000000000000" })),
    );
    expect(await verifyReceipt({ format: "jws", signature: forged })).toMatchObject({
      valid: false,
      reason: "bad_signature",
    });
  });

  it("a receipt re-signed by another key, claiming the merchant's kid, fails", async () => {
    const other = stacksReceiptSigner(randomPrivateKey(), { kid: signer.kid });
    const receipt = await signReceipt(other, RECEIPT);
    // its jwk (the real key) and kid (the merchant's did:jwk) disagree
    expect(await verifyReceipt(receipt)).toMatchObject({ valid: false, reason: "unknown_key" });
    const own = await signReceipt(stacksReceiptSigner(randomPrivateKey()), RECEIPT);
    const merchantAddress = (await verifyReceipt(await signReceipt(signer, RECEIPT))) as {
      signerAddress: string;
    };
    expect(await verifyReceipt(own, { signer: merchantAddress.signerAddress })).toMatchObject({
      valid: false,
      reason: "unauthorized_signer",
    });
  });

  it("checks what it is asked to: resource, payer, transaction, age", async () => {
    const receipt = await signReceipt(signer, { ...RECEIPT, transaction: "0xabc", issuedAt: 1_000 });
    expect(await verifyReceipt(receipt, { resourceUrl: "https://other.test/" })).toMatchObject({
      reason: "mismatch",
    });
    expect(
      await verifyReceipt(receipt, { transaction: "0xabc", now: 1_010, maxAgeSeconds: 60 }),
    ).toMatchObject({
      valid: true,
    });
    expect(await verifyReceipt(receipt, { now: 5_000, maxAgeSeconds: 60 })).toMatchObject({
      reason: "too_old",
    });
    expect(await verifyReceipt(null)).toMatchObject({ valid: false, reason: "missing" });
  });

  it("reads the receipt from a settlement response's extensions", async () => {
    const receipt = await signReceipt(signer, RECEIPT);
    const settlement = {
      success: true,
      transaction: "0xabc",
      network: RECEIPT.network,
      extensions: { "offer-receipt": { info: { receipt } } },
    };
    expect((await verifyReceipt(settlement)).valid).toBe(true);
  });

  it("a signed offer commits to the accepted terms", async () => {
    const offer = await signOffer(
      signer,
      { resourceUrl: RECEIPT.resourceUrl, ...ACCEPT, validUntil: 2_000_000_000 },
      0,
    );
    expect(offer).toMatchObject({ format: "jws", acceptIndex: 0 });
    expect(await verifyOffer(offer, { accept: ACCEPT })).toMatchObject({
      valid: true,
      payload: { validUntil: 2_000_000_000 },
    });
    expect(await verifyOffer(offer, { accept: { ...ACCEPT, amount: "999" } })).toMatchObject({
      reason: "mismatch",
    });
  });
});
