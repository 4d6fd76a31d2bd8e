import { DEVNET_TOKENS } from "@spay/protocol";
import { describe, expect, it } from "vitest";
import { DEPLOYER_ADDRESS } from "./accounts.ts";
import { USDC_CONTRACT_ID } from "./tokens.ts";

describe("the devnet's tokens are sPay's registry", () => {
  it("deploys USDC where @spay/protocol says the devnet's USDC lives", () => {
    expect(USDC_CONTRACT_ID).toBe(DEVNET_TOKENS.usdc.contractId);
    expect(DEVNET_TOKENS.usdc.contractId.startsWith(`${DEPLOYER_ADDRESS}.`)).toBe(true);
  });
});
