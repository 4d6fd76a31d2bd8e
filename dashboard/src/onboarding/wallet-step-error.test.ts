import { SPayError, WalletError } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { walletStepError } from "./WalletStep.tsx";

describe("wallet step messages (SPEC.md §5, §8)", () => {
  it("reports a wallet without a Stacks address as a connection failure", () => {
    const err = new WalletError("No Stacks address found in wallet response", -31000);
    expect(walletStepError(err)).toBe("Connection failed: No Stacks address found in wallet response");
  });

  it("reports a signature the server refused as a verification failure", () => {
    const err = new SPayError("Signature verification failed - invalid signature", {
      code: "signature_invalid",
      status: 401,
    });
    expect(walletStepError(err)).toBe(
      "Wallet verification failed: Signature verification failed - invalid signature",
    );
  });

  it("reports a canceled request with the wallet's text", () => {
    expect(walletStepError(new WalletError("User canceled the request", -31001))).toBe(
      "Connection failed: User canceled the request",
    );
  });
});
