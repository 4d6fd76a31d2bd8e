import { Pc } from "@stacks/transactions";
import { describe, expect, it } from "vitest";
import type { ChainEvent } from "./chain-events.ts";
import { assetOutflows, checkPostConditions } from "./post-conditions.ts";

const ORIGIN = "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5";
const MERCHANT = "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG";
const TOKEN = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc";
const ASSET = `${TOKEN}::usdc-token`;

const transfer = (amount: bigint, sender = ORIGIN): ChainEvent => ({
  type: "ft-transfer",
  assetId: ASSET,
  sender,
  recipient: MERCHANT,
  amount,
});
const ft = (amount: bigint) => Pc.principal(ORIGIN).willSendEq(amount).ft(TOKEN, "usdc-token");

describe("checkPostConditions", () => {
  it("holds when the principal sent exactly the amount an eq condition states", () => {
    expect(
      checkPostConditions({
        mode: "deny",
        postConditions: [ft(100n)],
        origin: ORIGIN,
        events: [transfer(100n)],
      }),
    ).toEqual({
      ok: true,
    });
  });

  it("fails an eq condition on any other amount, naming what was sent", () => {
    const verdict = checkPostConditions({
      mode: "deny",
      postConditions: [ft(100n)],
      origin: ORIGIN,
      events: [transfer(101n)],
    });
    expect(verdict).toMatchObject({ ok: false });
    expect(!verdict.ok && verdict.reason).toContain("101 sent, expected eq 100");
  });

  it("compares with gt / gte / lt / lte as the Stacks condition codes do", () => {
    const p = Pc.principal(ORIGIN);
    const cases = [
      [p.willSendGt(99n).ft(TOKEN, "usdc-token"), true],
      [p.willSendGt(100n).ft(TOKEN, "usdc-token"), false],
      [p.willSendGte(100n).ft(TOKEN, "usdc-token"), true],
      [p.willSendLt(100n).ft(TOKEN, "usdc-token"), false],
      [p.willSendLt(101n).ft(TOKEN, "usdc-token"), true],
      [p.willSendLte(100n).ft(TOKEN, "usdc-token"), true],
      [p.willSendLte(99n).ft(TOKEN, "usdc-token"), false],
    ] as const;
    for (const [pc, holds] of cases) {
      expect(
        checkPostConditions({ mode: "allow", postConditions: [pc], origin: ORIGIN, events: [transfer(100n)] })
          .ok,
      ).toBe(holds);
    }
  });

  it("sums several transfers of the same asset by the same principal", () => {
    expect(
      checkPostConditions({
        mode: "deny",
        postConditions: [ft(150n)],
        origin: ORIGIN,
        events: [transfer(100n), transfer(50n)],
      }).ok,
    ).toBe(true);
  });

  it("in deny mode aborts a transfer no condition covers; allow mode lets it through", () => {
    expect(
      checkPostConditions({ mode: "deny", postConditions: [], origin: ORIGIN, events: [transfer(1n)] }).ok,
    ).toBe(false);
    expect(
      checkPostConditions({ mode: "allow", postConditions: [], origin: ORIGIN, events: [transfer(1n)] }).ok,
    ).toBe(true);
  });

  it("in deny mode an STX condition does not cover a token transfer", () => {
    const stx = Pc.principal(ORIGIN).willSendLte(1_000n).ustx();
    expect(
      checkPostConditions({ mode: "deny", postConditions: [stx], origin: ORIGIN, events: [transfer(1n)] }).ok,
    ).toBe(false);
  });

  it("in originator mode only what the origin sends must be covered", () => {
    const thirdParty = transfer(5n, MERCHANT);
    expect(
      checkPostConditions({
        mode: "originator",
        postConditions: [ft(1n)],
        origin: ORIGIN,
        events: [transfer(1n), thirdParty],
      }).ok,
    ).toBe(true);
    expect(
      checkPostConditions({
        mode: "deny",
        postConditions: [ft(1n)],
        origin: ORIGIN,
        events: [transfer(1n), thirdParty],
      }).ok,
    ).toBe(false);
  });

  it("resolves the origin principal of a condition to the transaction's sender", () => {
    const origin = Pc.origin().willSendEq(100n).ft(TOKEN, "usdc-token");
    expect(
      checkPostConditions({
        mode: "deny",
        postConditions: [origin],
        origin: ORIGIN,
        events: [transfer(100n)],
      }).ok,
    ).toBe(true);
  });

  it("a condition on an asset that did not move counts 0 sent", () => {
    expect(
      checkPostConditions({ mode: "deny", postConditions: [ft(0n)], origin: ORIGIN, events: [] }).ok,
    ).toBe(true);
    expect(
      checkPostConditions({ mode: "deny", postConditions: [ft(1n)], origin: ORIGIN, events: [] }).ok,
    ).toBe(false);
  });
});

describe("assetOutflows", () => {
  it("counts transfers and burns against the sender, not mints", () => {
    const outflows = assetOutflows([
      transfer(10n),
      { type: "ft-burn", assetId: ASSET, sender: ORIGIN, amount: 5n },
      { type: "ft-mint", assetId: ASSET, recipient: ORIGIN, amount: 1_000n },
      { type: "stx-transfer", sender: ORIGIN, recipient: MERCHANT, amount: 7n, memoHex: "" },
    ]);
    expect(outflows).toEqual([
      { principal: ORIGIN, asset: { kind: "ft", assetId: ASSET }, amount: 15n },
      { principal: ORIGIN, asset: { kind: "stx" }, amount: 7n },
    ]);
  });
});
