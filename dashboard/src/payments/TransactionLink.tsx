import type { Env } from "@spay/protocol";
import { CopyButton } from "../ui/CopyButton.tsx";
import { useChainOf } from "./chains.tsx";
import { PAYMENTS } from "./messages.ts";
import { explorerTxUrl } from "./payment-rules.ts";

/**
 * A transaction id: a link to its page on the block explorer of the chain it is on, or — on the
 * devnet, which no explorer shows, and until the gateway named its chains — the id with a copy
 * button. `shown` is how the id reads here (shortened in a card); the full id is in the title
 * and the accessible name.
 */
export function TransactionLink({
  txid,
  env,
  shown = txid,
  className,
}: {
  txid: string;
  env: Env;
  shown?: string;
  className?: string;
}) {
  const chain = useChainOf(env);
  const url = chain ? explorerTxUrl(txid, chain) : null;
  if (url)
    return (
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        title={txid}
        aria-label={PAYMENTS.viewOnExplorer(txid)}
        data-testid="explorer-link"
      >
        <code className={className}>{shown}</code>
      </a>
    );
  return (
    <span className="txid-copy" data-testid="txid-copy">
      <code className={className} title={txid}>
        {shown}
      </code>
      <CopyButton text={txid} label={PAYMENTS.transactionId(txid)} />
    </span>
  );
}
