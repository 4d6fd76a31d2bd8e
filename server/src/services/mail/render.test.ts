import type { Chain } from "@spay/protocol";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { chainsByEnv } from "../settlement/chains.ts";
import { MAIL_MESSAGES as M } from "./messages.ts";
import { explorerTxUrl, type ReceiptInput, renderReceipt } from "./render.ts";

/**
 * Where a receipt sends the payer to see the transaction: the chain's page on Hiro's explorer, or —
 * on the devnet, which no explorer shows — nowhere, the whole id written out to copy instead.
 */
const TXID = `0x${"ab".repeat(32)}`;

function receipt(overrides: Partial<ReceiptInput>): ReceiptInput {
  return {
    kind: "payment_receipt",
    merchantName: "Shop",
    objectId: "pi_123",
    asset: "sbtc",
    amountAtomic: "12340",
    amountMicros: "12340000",
    currency: "usd",
    txid: TXID,
    env: "test",
    chain: "testnet",
    ...overrides,
  };
}

describe("explorerTxUrl", () => {
  it("links testnet and mainnet transactions to Hiro's explorer, devnet ones nowhere", () => {
    expect(explorerTxUrl("ab12", "testnet")).toBe("https://explorer.hiro.so/txid/0xab12?chain=testnet");
    expect(explorerTxUrl("0xab12", "mainnet")).toBe("https://explorer.hiro.so/txid/0xab12?chain=mainnet");
    expect(explorerTxUrl("0xab12", "devnet")).toBeNull();
  });
});

describe("the transaction line of a receipt", () => {
  const kinds = ["payment_receipt", "refund_receipt", "payment_notification"] as const;

  it.each(kinds)("%s on the devnet: the full txid in monospace, no link", (kind) => {
    const mail = renderReceipt(receipt({ kind, chain: "devnet" }));
    expect(mail.text).toContain(`${M.transactionLabel}: ${TXID}\n`);
    expect(mail.text).not.toContain(M.viewOnExplorer);
    expect(mail.text).not.toContain("explorer.hiro.so");
    expect(mail.html).toContain(`<td><code style="font-family:monospace">${TXID}</code></td>`);
    expect(mail.html).not.toContain("<a ");
    expect(mail.html).not.toContain("explorer.hiro.so");
  });

  it.each(kinds)("%s on testnet and mainnet: linked to that chain's explorer page", (kind) => {
    for (const [env, chain] of [
      ["test", "testnet"],
      ["live", "mainnet"],
    ] as const) {
      const mail = renderReceipt(receipt({ kind, env, chain }));
      const url = `https://explorer.hiro.so/txid/${TXID}?chain=${chain}`;
      expect(mail.text).toContain(`${M.transactionLabel}: ${TXID}\n${M.viewOnExplorer}: ${url}`);
      expect(mail.html).toContain(`<a href="${url}">${TXID}</a>`);
    }
  });

  it("a transaction not yet known reads so on every chain, linked nowhere", () => {
    for (const chain of ["devnet", "testnet", "mainnet"] satisfies Chain[]) {
      const mail = renderReceipt(receipt({ txid: null, chain }));
      expect(mail.text).toContain(`${M.transactionLabel}: ${M.pendingTransaction}\n`);
      expect(mail.html).toContain(`<td>${M.pendingTransaction}</td>`);
      expect(mail.html).not.toContain("<a ");
      expect(mail.html).not.toContain("<code");
    }
  });

  it("follows the chains the gateway names: a devnet gateway's test mail is unlinked, its live mail linked", () => {
    const chains = chainsByEnv(loadConfig({}, { chain: "devnet" }));
    const test = renderReceipt(receipt({ env: "test", chain: chains.test }));
    const live = renderReceipt(receipt({ env: "live", chain: chains.live }));
    expect(test.html).not.toContain("<a ");
    expect(live.html).toContain(`<a href="https://explorer.hiro.so/txid/${TXID}?chain=mainnet">`);
    const onTestnet = chainsByEnv(loadConfig({}, { chain: "testnet" }));
    expect(renderReceipt(receipt({ env: "test", chain: onTestnet.test })).html).toContain(
      `<a href="https://explorer.hiro.so/txid/${TXID}?chain=testnet">`,
    );
  });
});
