import { Cl, Pc } from "@stacks/transactions";
import { describe, expect, it } from "vitest";
import {
  addressOnNetwork,
  buildStxTransfer,
  buildTransferCall,
  intentNetwork,
  tokenAssetName,
} from "./transfer.js";

const SBTC = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";
const USDCX = "SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx";
const PAYER_TESTNET = "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5";
const PAYER_MAINNET = "SP1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2XG1V316";

describe("the SIP-010 payment of an intent (DESIGN.md Chain facts)", () => {
  it("asset names: sbtc-token, mainnet USDCx usdcx-token, the devnet USDC usdc-token", () => {
    expect(tokenAssetName({ asset: "sbtc", token_contract: SBTC })).toBe("sbtc-token");
    expect(tokenAssetName({ asset: "usdc", token_contract: USDCX })).toBe("usdcx-token");
    expect(
      tokenAssetName({ asset: "usdc", token_contract: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc" }),
    ).toBe("usdc-token");
  });

  it("an STX intent is a token-transfer of its µSTX with its memo, on the intent's network", () => {
    const intent = {
      asset: "stx" as const,
      amount_asset: "2000000",
      token_contract: "STX",
      recipient: PAYER_TESTNET,
      memo: "pi_stx_memo",
      env: "test" as const,
    };
    expect(buildStxTransfer(intent)).toEqual({
      recipient: PAYER_TESTNET,
      amount: "2000000",
      memo: "pi_stx_memo",
      network: "testnet",
    });
    expect(tokenAssetName(intent)).toBe("STX");
  });

  it("test intents go to testnet, live ones to mainnet", () => {
    expect(intentNetwork({ env: "test" })).toBe("testnet");
    expect(intentNetwork({ env: "live" })).toBe("mainnet");
  });

  it("moves an address between networks by its version byte (22↔26 single-sig, 20↔21 multisig)", () => {
    expect(addressOnNetwork(PAYER_MAINNET, "testnet")).toBe(PAYER_TESTNET);
    expect(addressOnNetwork(PAYER_TESTNET, "mainnet")).toBe(PAYER_MAINNET);
    expect(addressOnNetwork(PAYER_TESTNET, "testnet")).toBe(PAYER_TESTNET);
    expect(addressOnNetwork("SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4", "testnet")).toBe(
      "SN3VDXK3WZZSA84XXFKAFAF15NNZX32CTSJV6BTWG",
    );
  });

  it("a live USDCx payment: mainnet, usdcx-token post-condition of exactly the amount, memo as buffer", () => {
    const call = buildTransferCall(
      {
        asset: "usdc",
        amount_asset: "19990000",
        token_contract: USDCX,
        recipient: "SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7",
        memo: "pi_5Hq2LmXn8RtYv3Kc9WbZa1De",
        env: "live",
      },
      PAYER_MAINNET,
    );
    expect(call).toMatchObject({
      contract: USDCX,
      functionName: "transfer",
      postConditionMode: "deny",
      network: "mainnet",
    });
    expect(Cl.deserialize(call.functionArgs[3]!)).toEqual(
      Cl.some(Cl.bufferFromUtf8("pi_5Hq2LmXn8RtYv3Kc9WbZa1De")),
    );
    expect(Pc.fromHex(call.postConditions[0]!)).toEqual(
      Pc.principal(PAYER_MAINNET).willSendEq(19_990_000n).ft(USDCX, "usdcx-token"),
    );
  });
});
