import type { MerchantState } from "../state/merchant-state.ts";
import { ONBOARDING } from "./messages.ts";

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

/** The onboarding steps, in order: the one list the step cards and the progress bar both number from. */
export const ONBOARDING_STEPS = ["workspace", "wallet", "business", "webhook", "sandbox"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * The five numbered steps unlock in order (SPEC.md §4 "Onboarding is sequential"): each needs the
 * one before it done. Returns, per step of {@link ONBOARDING_STEPS}, whether it is done and unlocked.
 */
export function stepStates(
  s: ProgressInput & Pick<MerchantState, "currentWorkspaceId">,
): { step: OnboardingStep; done: boolean; unlocked: boolean }[] {
  const p = onboardingProgress(s);
  const done: Record<OnboardingStep, boolean> = {
    workspace: s.currentWorkspaceId !== "",
    wallet: p.wallet,
    business: p.business,
    webhook: p.webhook,
    sandbox: p.sandbox,
  };
  return ONBOARDING_STEPS.map((step, i) => ({
    step,
    done: done[step],
    unlocked: ONBOARDING_STEPS.slice(0, i).every((before) => done[before]),
  }));
}

/**
 * The notice once setup is complete: "live" only where payments are real. A sandbox (test keys)
 * is ready to take test payments, never live; an environment not known yet counts as a sandbox.
 */
export function setupDoneNotice(environmentType: "sandbox" | "production" | undefined): {
  title: string;
  lead: string;
} {
  return environmentType === "production"
    ? { title: ONBOARDING.liveTitle, lead: ONBOARDING.liveLead }
    : { title: ONBOARDING.sandboxReadyTitle, lead: ONBOARDING.sandboxReadyLead };
}
