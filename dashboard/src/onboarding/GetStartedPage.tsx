import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { GoLivePanel } from "../home/GoLivePanel.tsx";
import { useMerchant } from "../state/merchant.tsx";
import { BusinessInfoStep } from "./BusinessInfoStep.tsx";
import { IntegrationSnippets } from "./IntegrationSnippets.tsx";
import { ONBOARDING } from "./messages.ts";
import { OrganizationStep } from "./OrganizationStep.tsx";
import { ProgressBar } from "./ProgressBar.tsx";
import { type OnboardingStep, stepStates } from "./progress.ts";
import { SandboxPaymentStep } from "./SandboxPaymentStep.tsx";
import { WalletStep } from "./WalletStep.tsx";
import { WebhookStep } from "./WebhookStep.tsx";

const STEPS: Record<OnboardingStep, { title: string; body: () => ReactNode }> = {
  workspace: { title: ONBOARDING.orgStep, body: () => <OrganizationStep /> },
  wallet: { title: ONBOARDING.walletStep, body: () => <WalletStep /> },
  business: { title: ONBOARDING.businessStep, body: () => <BusinessInfoStep /> },
  webhook: { title: ONBOARDING.webhookStep, body: () => <WebhookStep /> },
  sandbox: { title: ONBOARDING.sandboxStep, body: () => <SandboxPaymentStep /> },
};

/** The five numbered steps; later steps are dimmed and cannot be used until earlier ones finish. */
export function GetStartedPage() {
  const { state } = useMerchant();
  const states = stepStates(state);
  const publishable = state.apiKeys.find((k) => k.type === "pk" && k.key)?.key ?? "";
  return (
    <div className="page">
      <h1>{ONBOARDING.title}</h1>
      <p className="muted">{ONBOARDING.lead}</p>
      <ProgressBar steps={states} />
      <ol className="steps">
        {states.map((s, i) => {
          const step = STEPS[s.step];
          return (
            <li
              key={step.title}
              className={`step card ${s.unlocked ? "" : "step-locked"} ${s.done ? "step-done" : ""}`}
              aria-labelledby={`step-${i}`}
              data-testid={`step-${i + 1}`}
            >
              <h2 id={`step-${i}`}>
                <span className="step-number" aria-hidden="true">
                  {s.done ? <Check aria-hidden="true" size={14} /> : i + 1}
                </span>
                {step.title}
                {s.done ? <span className="visually-hidden"> ({ONBOARDING.done})</span> : null}
              </h2>
              {s.unlocked ? null : <p className="muted">{ONBOARDING.locked}</p>}
              <div inert={!s.unlocked}>{step.body()}</div>
            </li>
          );
        })}
      </ol>
      <IntegrationSnippets publishableKey={publishable} />
      <GoLivePanel />
    </div>
  );
}
