import type { Env } from "@spay/protocol";
import { HOSTED_CHECKOUT } from "./messages.ts";

/**
 * 'Test mode' on a customer's page for a sandbox payment (made with the merchant's test keys), so
 * nobody takes it for a live one; nothing for a live payment.
 */
export function TestModeBadge({ env }: { env: Env }) {
  if (env !== "test") return null;
  return (
    <span
      className="badge badge-warning test-mode-badge"
      title={HOSTED_CHECKOUT.testModeTitle}
      data-testid="test-mode-badge"
    >
      {HOSTED_CHECKOUT.testMode}
    </span>
  );
}
