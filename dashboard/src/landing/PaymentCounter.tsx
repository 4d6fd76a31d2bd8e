import { TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { testPaymentCount } from "../api/public.ts";
import { LANDING } from "./messages.ts";
import { formatPaymentCount, STATS_DAYS, STATS_FALLBACK_COUNT } from "./payment-count.ts";

type Count = { state: "loading" } | { state: "live"; n: number } | { state: "fallback" };

/** The live 7-day test-payment count; on failure a warning mark and the fallback count of 50. */
export function PaymentCounter() {
  const [count, setCount] = useState<Count>({ state: "loading" });
  useEffect(() => {
    let active = true;
    testPaymentCount(STATS_DAYS).then(
      (n) => active && setCount({ state: "live", n }),
      () => active && setCount({ state: "fallback" }),
    );
    return () => {
      active = false;
    };
  }, []);
  const shown = count.state === "live" ? count.n : STATS_FALLBACK_COUNT;
  return (
    <div className="stat" data-testid="payment-counter">
      <span className="stat-value" aria-busy={count.state === "loading"}>
        {count.state === "loading" ? "…" : formatPaymentCount(shown)}
        {count.state === "fallback" ? (
          <span
            className="warning-mark"
            role="img"
            aria-label={LANDING.statsFallbackWarning}
            title={LANDING.statsFallbackWarning}
          >
            <TriangleAlert aria-hidden="true" size={14} />
          </span>
        ) : null}
      </span>
      <span className="stat-label">{LANDING.testPaymentsLabel}</span>
    </div>
  );
}
