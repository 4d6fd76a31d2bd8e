import { X402_MESSAGES } from "../../core/messages.js";
import type { X402Requirements, X402Scheme } from "../../core/types.js";
import { schemeDecimals } from "./x402Amount.js";

/** Props of {@link DeveloperInfo}. */
export interface DeveloperInfoProps {
  scheme: X402Scheme;
  requirements: X402Requirements;
}

/** SPEC.md §2: the collapsible 'Developer Info' panel of the x402 overlay. */
export function DeveloperInfo({ scheme, requirements }: DeveloperInfoProps) {
  const rows: [string, string][] = [
    [X402_MESSAGES.recipientLabel, scheme.recipient],
    [X402_MESSAGES.assetLabel, scheme.asset],
    [X402_MESSAGES.amountLabel, X402_MESSAGES.amountWithDecimals(scheme.amount, schemeDecimals(scheme))],
    [X402_MESSAGES.timeoutLabel, scheme.timeout === undefined ? "—" : X402_MESSAGES.seconds(scheme.timeout)],
    [X402_MESSAGES.networkLabel, scheme.network],
  ];
  return (
    <details className="spay-devinfo">
      <summary>{X402_MESSAGES.developerInfo}</summary>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <figure>
        <figcaption>{X402_MESSAGES.requirementsLabel}</figcaption>
        <pre>{JSON.stringify(requirements, null, 2)}</pre>
      </figure>
    </details>
  );
}
