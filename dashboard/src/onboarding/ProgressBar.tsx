import { ONBOARDING } from "../messages.ts";
import { completedCount, type OnboardingProgress } from "./progress.ts";

/** Connect Wallet, Business Info, Webhook Test, Sandbox Payment. */
export function ProgressBar({ progress }: { progress: OnboardingProgress }) {
  const done = [progress.wallet, progress.business, progress.webhook, progress.sandbox];
  const count = completedCount(progress);
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={ONBOARDING.progressLabel}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={count}
        aria-valuetext={`${count} of 4`}
      >
        <div className="progress-fill" style={{ width: `${(count / 4) * 100}%` }} />
      </div>
      <ol className="progress-steps">
        {ONBOARDING.progressSteps.map((label, i) => (
          <li key={label} className={done[i] ? "progress-step done" : "progress-step"}>
            <span aria-hidden="true">{done[i] ? "✓" : i + 1}</span> {label}
            {done[i] ? <span className="visually-hidden"> ({ONBOARDING.done})</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
