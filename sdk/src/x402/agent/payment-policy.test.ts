import { describe, expect, it } from "vitest";
import { X402PaymentError } from "./errors.js";
import { paymentPolicy } from "./payment-policy.js";

const DEVNET_USDC = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc";
const SBTC = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";
const MAINNET_USDCX = "SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx";

function invalidOptions(make: () => unknown): string {
  try {
    make();
  } catch (err) {
    expect(err).toBeInstanceOf(X402PaymentError);
    expect((err as X402PaymentError).code).toBe("invalid_options");
    return (err as Error).message;
  }
  throw new Error("expected invalid_options");
}

describe("payment policy", () => {
  it("an alias stands for the known contracts of that token on the agent's network only", () => {
    const testnet = paymentPolicy({ network: "testnet", maxAmount: { usdc: 1000n } });
    expect(testnet.network).toBe("stacks:2147483648");
    expect(testnet.caps.get(DEVNET_USDC)).toBe(1000n);
    expect(testnet.caps.has(MAINNET_USDCX)).toBe(false);
    expect(testnet.caps.has(SBTC)).toBe(false);

    const mainnet = paymentPolicy({ network: "stacks:1", maxAmount: { usdc: "5000", sbtc: 10 } });
    expect([...mainnet.caps]).toEqual([
      [MAINNET_USDCX, 5000n],
      [SBTC, 10n],
    ]);
  });

  it("a contract named by id takes its own cap over its alias's", () => {
    const policy = paymentPolicy({ network: "testnet", maxAmount: { [DEVNET_USDC]: 7n, usdc: 1000n } });
    expect(policy.caps.get(DEVNET_USDC)).toBe(7n);
  });

  it("assets narrows what maxAmount allows", () => {
    const policy = paymentPolicy({
      network: "testnet",
      maxAmount: { usdc: 1000n, sbtc: 50n },
      assets: ["sbtc"],
    });
    expect(policy.caps.has(DEVNET_USDC)).toBe(false);
    expect(policy.caps.get(SBTC)).toBe(50n);
  });

  it("refuses options it cannot honour before any request", () => {
    expect(
      invalidOptions(() => paymentPolicy({ network: "testnet", maxAmount: { usdc: 1n }, assets: ["sbtc"] })),
    ).toMatch(/sbtc has no maxAmount/);
    invalidOptions(() => paymentPolicy({ network: "devnet" as "testnet", maxAmount: { usdc: 1n } }));
    invalidOptions(() => paymentPolicy({ network: "testnet", maxAmount: { usdc: -1 } }));
    invalidOptions(() => paymentPolicy({ network: "testnet", maxAmount: { usdc: 0.5 } }));
    invalidOptions(() => paymentPolicy({ network: "testnet", maxAmount: { "not-a-contract": 1n } as never }));
    invalidOptions(() => paymentPolicy({ network: "testnet", maxAmount: {} }));
  });
});
