import type { MerchantState } from "../state/merchant-state.ts";

/** The four steps of the progress bar (SPEC.md §2 "Get Started flow"). */
export interface OnboardingProgress {
  wallet: boolean;
  business: boolean;
  webhook: boolean;
  sandbox: boolean;
}

type ProgressInput = Pick<
  MerchantState,
  | "walletVerified"
  | "walletAddress"
  | "businessName"
  | "websiteUrl"
  | "businessDescription"
  | "webhookTested"
  | "testPaymentCompleted"
>;

export function onboardingProgress(s: ProgressInput): OnboardingProgress {
  return {
    wallet: s.walletVerified && s.walletAddress !== "",
    business:
      s.businessName.trim() !== "" && s.websiteUrl.trim() !== "" && s.businessDescription.trim() !== "",
    webhook: s.webhookTested,
    sandbox: s.testPaymentCompleted,
  };
}

export function completedCount(p: OnboardingProgress): number {
  return [p.wallet, p.business, p.webhook, p.sandbox].filter(Boolean).length;
}

export function isOnboardingDone(p: OnboardingProgress): boolean {
  return completedCount(p) === 4;
}

/**
 * SPEC.md §3 "Setup complete": a wallet, a business name, a website and a tested webhook, and a
 * workspace chosen. Decides where sign-in lands and whether the Get Started tab shows.
 */
export function isSetupComplete(s: ProgressInput & Pick<MerchantState, "currentWorkspaceId">): boolean {
  return (
    s.walletAddress !== "" &&
    s.businessName.trim() !== "" &&
    s.websiteUrl.trim() !== "" &&
    s.webhookTested &&
    s.currentWorkspaceId !== ""
  );
}

/**
 * The five numbered steps unlock in order (SPEC.md §4 "Onboarding is sequential"): each needs the
 * one before it done. Returns, per step (0-based), whether it is done and whether it is unlocked.
 */
export function stepStates(
  s: ProgressInput & Pick<MerchantState, "currentWorkspaceId">,
): { done: boolean; unlocked: boolean }[] {
  const p = onboardingProgress(s);
  const done = [s.currentWorkspaceId !== "", p.wallet, p.business, p.webhook, p.sandbox];
  return done.map((d, i) => ({ done: d, unlocked: done.slice(0, i).every(Boolean) }));
}
