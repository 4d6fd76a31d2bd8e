import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { LANDING } from "./messages.ts";
import { fabricateIntent, PLAYGROUND_DELAY_MS, type PlaygroundIntent } from "./playground-intent.ts";

/** 'Try the API': an amount in cents producing a fabricated payment intent after 1 s (SPEC.md §9). */
export function Playground() {
  const [amount, setAmount] = useState("1000");
  const [busy, setBusy] = useState(false);
  const [intent, setIntent] = useState<PlaygroundIntent | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = Number(amount);
    setBusy(true);
    timer.current = setTimeout(() => {
      setIntent(fabricateIntent(cents));
      setBusy(false);
    }, PLAYGROUND_DELAY_MS);
  };

  return (
    <section className="section" aria-labelledby="playground-title">
      <h2 id="playground-title">{LANDING.playgroundTitle}</h2>
      <p>{LANDING.playgroundLead}</p>
      <div className="playground">
        <form className="stack" onSubmit={submit}>
          <label htmlFor={inputId}>{LANDING.amountLabel}</label>
          <input
            id={inputId}
            type="number"
            min={1}
            step={1}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? LANDING.creatingIntent : LANDING.createIntent}
          </button>
        </form>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code block must be reachable by keyboard (axe scrollable-region-focusable) */}
        <pre className="playground-output" aria-live="polite" tabIndex={0} data-testid="playground-output">
          <code>
            {intent
              ? JSON.stringify(intent, null, 2)
              : `POST /v1/payment_intents\n{ "amount_minor": ${Number(amount) || 0}, "currency": "usd" }`}
          </code>
        </pre>
      </div>
    </section>
  );
}
