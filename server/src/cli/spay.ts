/**
 * `pnpm spay` — command-line helpers.
 *
 *   pnpm spay pay <payment intent id (secret key) | client secret (publishable key)> --key <sk_test_… | pk_test_…> [--account wallet_1] [--amount <atomic units>]
 *   pnpm spay listen --forward-to http://localhost:3000/webhooks --api-key sk_test_…
 *   pnpm spay verify-wallet --session sess_… --workspace ws_… [--account wallet_8]
 *
 * Signs a real SIP-010 transfer with one of the devnet's funded accounts, broadcasts it to the
 * devnet, and reports the txid to sPay, so a payment settles within a block or two.
 */
import { parseArgs } from "node:util";
import { ACCOUNTS } from "@spay/devnet";
import { listen } from "./listen.ts";
import { payIntent } from "./pay.ts";
import { verifyWallet } from "./verify-wallet.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    key: { type: "string" },
    "api-key": { type: "string" },
    "forward-to": { type: "string" },
    session: { type: "string" },
    workspace: { type: "string" },
    account: { type: "string" },
    amount: { type: "string" },
    api: {
      type: "string",
      default: process.env.SPAY_API_URL ?? `http://localhost:${process.env.PORT ?? 8787}`,
    },
    chain: {
      type: "string",
      default: process.env.SPAY_STACKS_API_URL ?? `http://localhost:${process.env.DEVNET_PORT ?? 3999}`,
    },
  },
});

const [command, intentId] = positionals;
if (command === "listen") {
  const apiKey = values["api-key"] ?? values.key;
  const forwardTo = values["forward-to"];
  if (!apiKey || !forwardTo) {
    console.error("usage: pnpm spay listen --forward-to <url> --api-key <sk_test_…>");
    process.exit(2);
  }
  const listener = listen({ apiUrl: values.api, apiKey, forwardTo });
  console.log(
    `Forwarding ${values.api} events to ${forwardTo}\nSigning secret for your endpoint: ${listener.secret}\n(Ctrl-C to stop)`,
  );
  process.on("SIGINT", () => {
    listener.stop();
    process.exit(0);
  });
  await new Promise(() => {});
}
if (command === "verify-wallet") {
  // wallet_8 by default: the payout wallet is not the account `spay pay` pays from (wallet_1).
  const account = ACCOUNTS.find((a) => a.name === (values.account ?? "wallet_8"));
  if (!values.session || !values.workspace || !account) {
    console.error(
      "usage: pnpm spay verify-wallet --session <sess_…> --workspace <ws_…> [--account wallet_8]",
    );
    process.exit(2);
  }
  try {
    const { address, keys } = await verifyWallet({
      apiUrl: values.api,
      session: values.session,
      workspaceId: values.workspace,
      privateKey: account.privateKey,
    });
    console.log(`Payout wallet ${address} (${account.name}) verified`);
    for (const key of keys)
      console.log(`  ${key.type === "sk" ? "secret key     " : "publishable key"}  ${key.key}`);
    process.exit(0);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
if (command !== "pay" || !intentId || !values.key) {
  console.error(
    "usage: pnpm spay pay <pi_… with sk_test_… | pi_…_secret_… with pk_test_…> --key <key> [--account wallet_1] [--amount <units>]",
  );
  process.exit(2);
}
const account = ACCOUNTS.find((a) => a.name === (values.account ?? "wallet_1"));
if (!account) {
  console.error(`unknown account ${values.account}; one of: ${ACCOUNTS.map((a) => a.name).join(", ")}`);
  process.exit(2);
}
try {
  const paid = await payIntent({
    apiUrl: values.api,
    chainApiUrl: values.chain,
    apiKey: values.key,
    intentId,
    privateKey: account.privateKey,
    amount: values.amount ? BigInt(values.amount) : undefined,
  });
  console.log(
    `Broadcast ${paid.txid}\n  ${paid.amount} units from ${paid.from} (${account.name})\n  Follow it: GET ${values.api}/v1/payment_intents/${intentId.split("_secret_")[0]}`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
