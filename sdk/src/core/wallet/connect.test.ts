import { ACCOUNTS } from "@spay/devnet";
import { Cl, Pc } from "@stacks/transactions";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SPayClient } from "../client.js";
import { MESSAGES } from "../messages.js";
import {
  createMerchant,
  startTestServer,
  type TestMerchant,
  type TestServer,
} from "../testing/spay-server.js";
import { browserGlobals, createTestWallet, type TestWalletProvider } from "../testing/test-wallet.js";
import type { PaymentIntent } from "../types.js";
import { connect, payIntent, signMessage } from "./connect.js";
import { loadWallet } from "./index.js";
import { PAY_FROM_MESSAGES } from "./pay-from-messages.js";
import { addressOnNetwork } from "./transfer.js";

const payer = ACCOUNTS.find((a) => a.name === "wallet_1")!;
let api: TestServer;
let merchant: TestMerchant;
let client: SPayClient;

beforeAll(async () => {
  api = await startTestServer({ chain: true });
  merchant = await createMerchant(api.url);
  client = new SPayClient({ apiKey: merchant.pk, apiUrl: api.url });
}, 180_000);
afterAll(() => api?.close());
afterEach(() => vi.unstubAllGlobals());

/** Installs `wallet` as window.LeatherProvider and selects it with localStorage STX_PROVIDER. */
function install(wallet: TestWalletProvider, select = true) {
  const globals = browserGlobals({ LeatherProvider: wallet });
  vi.stubGlobal("window", globals.window);
  vi.stubGlobal("localStorage", globals.localStorage);
  if (select) globals.localStorage.setItem("STX_PROVIDER", "LeatherProvider");
  return globals;
}

function wallet(extra: Partial<Parameters<typeof createTestWallet>[0]> = {}) {
  return createTestWallet({ privateKey: payer.privateKey, chainApiUrl: api.devnet!.url, ...extra });
}

describe("the wallet module on @stacks/connect v8, through an injected provider", () => {
  it("loadWallet() imports the module lazily and gives connect, signMessage and payIntent", async () => {
    const mod = await loadWallet();
    expect(Object.keys(mod).sort()).toEqual(["connect", "payIntent", "signMessage"]);
    expect(await loadWallet()).toBe(mod);
  });

  it("connect() asks getAddresses and returns the Stacks address (the BTC one is skipped)", async () => {
    const w = wallet();
    install(w);
    expect(await connect()).toEqual({ stxAddress: payer.address });
    expect(w.calls.map((c) => c.method)).toEqual(["getAddresses"]);
  });

  it("a wallet without a Stacks address gives 'No Stacks address found in wallet response'", async () => {
    const w = wallet();
    const bare = {
      calls: w.calls,
      request: async () => ({
        jsonrpc: "2.0",
        id: 1,
        result: { addresses: [{ address: "bc1qxyz", publicKey: "" }] },
      }),
    };
    install(bare as unknown as TestWalletProvider);
    await expect(connect()).rejects.toThrow(MESSAGES.noStacksAddress);
  });

  it("a named wallet is used even when another is remembered, and becomes the remembered one", async () => {
    const w = wallet();
    const globals = install(w, false);
    globals.localStorage.setItem("STX_PROVIDER", "XverseProviders.BitcoinProvider");
    await connect("LeatherProvider");
    expect(globals.localStorage.getItem("STX_PROVIDER")).toBe("LeatherProvider");
  });

  it("with no wallet installed it fails with SPEC.md's connect message", async () => {
    vi.stubGlobal("window", browserGlobals().window);
    await expect(connect()).rejects.toMatchObject({ message: MESSAGES.connectWalletFailed, code: -31000 });
  });

  it("signMessage() returns the wallet's RSV signature and public key", async () => {
    const w = wallet();
    install(w);
    const signed = await signMessage("Stacks sign-in nonce 42");
    expect(signed.signature).toMatch(/^[0-9a-f]{130}$/);
    expect(w.calls[0]).toEqual({ method: "stx_signMessage", params: { message: "Stacks sign-in nonce 42" } });
  });

  it("a rejection in the wallet becomes 'User rejected the request' (-32000)", async () => {
    install(wallet({ fail: { code: -32000, message: "User rejected request" } }));
    await expect(connect()).rejects.toMatchObject({ message: "User rejected the request", code: -32000 });
  });

  it("payIntent() sends the SIP-010 transfer with memo and a willSendEq post-condition in deny mode", async () => {
    const w = wallet();
    install(w);
    const intent = await client.createPaymentIntent({ amount_minor: 1999 });
    const { txid } = await payIntent(intent);
    expect(txid).toMatch(/^0x[0-9a-f]{64}$/);
    const call = w.calls.find((c) => c.method === "stx_callContract")!.params as {
      contract: string;
      functionName: string;
      functionArgs: string[];
      postConditions: string[];
      postConditionMode: string;
      network: string;
    };
    expect(call.contract).toBe(intent.token_contract);
    expect(call.functionName).toBe("transfer");
    expect(call.network).toBe("testnet");
    expect(call.postConditionMode).toBe("deny");
    expect(call.functionArgs.map((hex) => Cl.deserialize(hex))).toEqual([
      Cl.uint(BigInt(intent.amount_asset)),
      Cl.principal(payer.address),
      Cl.principal(intent.recipient),
      Cl.some(Cl.bufferFromUtf8(intent.memo)),
    ]);
    expect(call.postConditions.map((hex) => Pc.fromHex(hex))).toEqual([
      Pc.principal(payer.address)
        .willSendEq(BigInt(intent.amount_asset))
        .ft(intent.token_contract as `${string}.${string}`, "sbtc-token"),
    ]);
    // The devnet mined it: reporting the txid makes the server track it to settlement.
    await api.devnet!.waitForTx(txid);
    await client.submitTransaction(intent.client_secret as string, txid, "wallet");
    const settled = await client.waitForStatus(intent.client_secret as string);
    expect(settled.status).toBe("payment_settled");
    expect(settled.amount_received).toBe(intent.amount_asset);
  });

  it("payIntent(…, {from}) sends only from that address: a wallet on another account is refused before it signs", async () => {
    const intent = await client.createPaymentIntent({ amount_minor: 1999 });
    const other = ACCOUNTS.find((a) => a.name === "wallet_2")!;
    const w = wallet();
    install(w);
    const refused = await payIntent(intent, undefined, { from: other.address }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ message: PAY_FROM_MESSAGES.wrongAccount(other.address) });
    expect(w.calls.map((c) => c.method)).toEqual(["getAddresses"]);
    // On the right account it signs, from that address (its mainnet form is the same account).
    const right = wallet();
    install(right);
    const mainnetForm = addressOnNetwork(payer.address, "mainnet");
    const { txid } = await payIntent(intent, undefined, { from: mainnetForm });
    expect(txid).toMatch(/^0x[0-9a-f]{64}$/);
    expect(right.calls.map((c) => c.method)).toEqual(["getAddresses", "stx_callContract"]);
  });

  it("pays a USDC intent with the devnet token's asset name and accepts a txId answer", async () => {
    install(wallet({ camelCaseTxId: true }));
    const intent: PaymentIntent = await client.createPaymentIntent({ amount_minor: 250, asset: "usdc" });
    expect(intent.token_contract).toMatch(/\.usdc$/);
    const { txid } = await payIntent(intent);
    await api.devnet!.waitForTx(txid);
    await client.submitTransaction(intent.client_secret as string, txid, "wallet");
    expect((await client.waitForStatus(intent.client_secret as string)).status).toBe("payment_settled");
  });

  it("pays an STX intent with stx_transferStx: its µSTX and memo, settled by the watcher", async () => {
    const w = wallet();
    install(w);
    const intent: PaymentIntent = await client.createPaymentIntent({ amount_minor: 100, asset: "stx" });
    expect(intent).toMatchObject({ asset: "stx", token_contract: "STX", decimals: 6 });
    expect(intent.usd_per_stx).toBeGreaterThan(0);
    const { txid } = await payIntent(intent);
    expect(w.calls.map((c) => c.method)).toContain("stx_transferStx");
    expect(w.calls.find((c) => c.method === "stx_transferStx")?.params).toMatchObject({
      amount: intent.amount_asset,
      memo: intent.memo,
      recipient: intent.recipient,
    });
    await api.devnet!.waitForTx(txid);
    await client.submitTransaction(intent.client_secret as string, txid, "wallet");
    const settled = await client.waitForStatus(intent.client_secret as string);
    expect(settled).toMatchObject({ status: "payment_settled", amount_received: intent.amount_asset });
  });
});
