import { describe, expect, it } from "vitest";
import { EMPTY_MERCHANT_STATE } from "../state/merchant-state.ts";
import {
  isOnboardingDone,
  isSetupComplete,
  onboardingProgress,
  setupDoneNotice,
  stepStates,
} from "./progress.ts";

const base = EMPTY_MERCHANT_STATE;

describe("onboarding progress (SPEC.md §2 Get Started flow)", () => {
  it("counts the wallet step only when the wallet is verified and connected", () => {
    expect(onboardingProgress({ ...base, walletVerified: true }).wallet).toBe(false);
    expect(onboardingProgress({ ...base, walletAddress: "ST1" }).wallet).toBe(false);
    expect(onboardingProgress({ ...base, walletVerified: true, walletAddress: "ST1" }).wallet).toBe(true);
  });

  it("needs a trimmed non-empty business name, a website URL and a description", () => {
    const filled = {
      ...base,
      businessName: "Acme",
      websiteUrl: "https://a.co",
      businessDescription: "Beans",
    };
    expect(onboardingProgress(filled).business).toBe(true);
    expect(onboardingProgress({ ...filled, businessName: "   " }).business).toBe(false);
    expect(onboardingProgress({ ...filled, businessDescription: "" }).business).toBe(false);
  });

  it("is done when all four steps are done", () => {
    const all = {
      ...base,
      walletVerified: true,
      walletAddress: "ST1",
      businessName: "Acme",
      websiteUrl: "https://a.co",
      businessDescription: "Beans",
      webhookTested: true,
    };
    expect(isOnboardingDone(onboardingProgress(all))).toBe(false);
    expect(isOnboardingDone(onboardingProgress({ ...all, testPaymentCompleted: true }))).toBe(true);
  });

  it("unlocks each numbered step only after the ones before it are done", () => {
    expect(stepStates(base).map((s) => s.unlocked)).toEqual([true, false, false, false, false]);
    const withWorkspace = { ...base, currentWorkspaceId: "ws_1" };
    expect(stepStates(withWorkspace).map((s) => s.unlocked)).toEqual([true, true, false, false, false]);
    const verified = { ...withWorkspace, walletVerified: true, walletAddress: "ST1" };
    expect(stepStates(verified).map((s) => s.unlocked)).toEqual([true, true, true, false, false]);
  });

  it("calls setup complete with wallet, business name, website, tested webhook and a workspace", () => {
    const s = {
      ...base,
      walletAddress: "ST1",
      businessName: "Acme",
      websiteUrl: "https://a.co",
      webhookTested: true,
    };
    expect(isSetupComplete(s)).toBe(false);
    expect(isSetupComplete({ ...s, currentWorkspaceId: "ws_1" })).toBe(true);
  });
});

describe("the notice once setup is complete", () => {
  it("says live only in a production environment; a sandbox is ready for test payments", () => {
    expect(setupDoneNotice("production").title).toBe("You're live!");
    expect(setupDoneNotice("sandbox").title).toBe("Your sandbox is ready");
    expect(setupDoneNotice(undefined).title).toBe("Your sandbox is ready");
    for (const type of ["production", "sandbox"] as const)
      expect(setupDoneNotice(type).lead).toContain("on the Payments page");
  });
});
