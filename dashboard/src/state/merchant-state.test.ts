import { beforeEach, describe, expect, it } from "vitest";
import {
  clearMerchantState,
  EMPTY_MERCHANT_STATE,
  loadMerchantState,
  saveMerchantState,
} from "./merchant-state.ts";

describe("local merchant state (SPEC.md §3)", () => {
  beforeEach(() => localStorage.clear());

  it("defaults unset values to empty strings, lists and false", () => {
    expect(loadMerchantState()).toEqual(EMPTY_MERCHANT_STATE);
    expect(loadMerchantState().isLive).toBe(false);
  });

  it("persists each field under a merchant_ key and reads it back after a reload", () => {
    saveMerchantState({ ...EMPTY_MERCHANT_STATE, businessName: "Acme", webhookTested: true }, null);
    expect(localStorage.getItem("merchant_businessName")).toBe('"Acme"');
    expect(loadMerchantState()).toMatchObject({ businessName: "Acme", webhookTested: true });
  });

  it("falls back to the default when a stored value is unreadable or of the wrong type", () => {
    localStorage.setItem("merchant_businessName", "{not json");
    localStorage.setItem("merchant_workspaces", '"oops"');
    expect(loadMerchantState().businessName).toBe("");
    expect(loadMerchantState().workspaces).toEqual([]);
  });

  it("clears every merchant_ key and nothing else", () => {
    saveMerchantState({ ...EMPTY_MERCHANT_STATE, walletAddress: "ST1" }, null);
    localStorage.setItem("theme", '"dark"');
    clearMerchantState();
    expect(localStorage.getItem("merchant_walletAddress")).toBeNull();
    expect(localStorage.getItem("theme")).toBe('"dark"');
  });
});
