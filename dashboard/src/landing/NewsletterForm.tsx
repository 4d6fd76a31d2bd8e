import { type FormEvent, useId, useState } from "react";
import { errorCode } from "../api/http.ts";
import { signUpForUpdates } from "../api/public.ts";
import { LANDING, SIGNUP_ERRORS } from "./messages.ts";

type Phase = "idle" | "submitting" | "done";

/** Newsletter signup: idle → 'Signing up...' → 'Signed up!' with the form disabled and a thank-you. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPhase("submitting");
    setError(null);
    try {
      await signUpForUpdates(email.trim());
      setPhase("done");
    } catch (err) {
      setError(
        errorCode(err) === "email_already_exists" ? SIGNUP_ERRORS.alreadySignedUp : SIGNUP_ERRORS.failed,
      );
      setPhase("idle");
    }
  };

  const disabled = phase !== "idle";
  return (
    <section className="section newsletter" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{LANDING.newsletterTitle}</h2>
      <p>{LANDING.newsletterLead}</p>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {LANDING.emailLabel}
        </label>
        <input
          id={inputId}
          type="email"
          required
          placeholder="you@example.com"
          value={email}
          disabled={disabled}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={disabled}>
          {phase === "submitting" ? LANDING.signingUp : phase === "done" ? LANDING.signedUp : LANDING.signUp}
        </button>
      </form>
      <div role="status">
        {phase === "done" ? <p className="success-text">{LANDING.thankYou}</p> : null}
        {error ? <p className="error-text">{error}</p> : null}
      </div>
    </section>
  );
}
