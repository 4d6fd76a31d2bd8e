import { Check } from "lucide-react";
import { ONBOARDING } from "./messages.ts";
import type { OnboardingStep } from "./progress.ts";

/** The progress bar over the same numbered steps as the step cards (progress.ts ONBOARDING_STEPS). */
export function ProgressBar({ steps }: { steps: readonly { step: OnboardingStep; done: boolean }[] }) {
  const count = steps.filter((s) => s.done).length;
  const total = steps.length;
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={ONBOARDING.progressLabel}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={count}
        aria-valuetext={`${count} of ${total}`}
      >
        <div className="progress-fill" style={{ width: `${total ? (count / total) * 100 : 0}%` }} />
      </div>
      <ol className="progress-steps">
        {steps.map((s, i) => (
          <li key={s.step} className={s.done ? "progress-step done" : "progress-step"}>
            <span aria-hidden="true">{s.done ? <Check size={14} /> : i + 1}</span>{" "}
            {ONBOARDING.progressSteps[s.step]}
            {s.done ? <span className="visually-hidden"> ({ONBOARDING.done})</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
