import { describe, expect, it } from "vitest";
import { chainsByEnv } from "./chains.ts";

describe("the chain each key environment settles on", () => {
  it("test keys settle on the gateway's devnet, or on testnet beside a public chain; live keys on mainnet", () => {
    expect(chainsByEnv({ chain: "devnet" })).toEqual({ test: "devnet", live: "mainnet" });
    expect(chainsByEnv({ chain: "testnet" })).toEqual({ test: "testnet", live: "mainnet" });
    expect(chainsByEnv({ chain: "mainnet" })).toEqual({ test: "testnet", live: "mainnet" });
  });
});
