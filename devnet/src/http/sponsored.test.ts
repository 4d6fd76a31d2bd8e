/**
 * Sponsored transactions (SIP-005) on the real Clarity VM: the origin signs with fee 0, a sponsor
 * co-signs with its own fee and nonce, and the fee comes out of the sponsor's STX.
 */
import {
  broadcastTransaction,
  Cl,
  deserializeTransaction,
  fetchNonce,
  makeContractCall,
  makeSTXTokenTransfer,
  Pc,
  PostConditionMode,
  privateKeyToAddress,
  randomPrivateKey,
  type StacksTransactionWire,
  sponsorTransaction,
} from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HiroTx } from "../../testing/hiro-types.ts";
import { devnetNetwork, getJson } from "../../testing/wallet.ts";
import { accountByName } from "../accounts.ts";
import { type Devnet, startDevnet } from "../devnet.ts";
import { USDC } from "../tokens.ts";

let devnet: Devnet;
beforeAll(async () => {
  // Blocks only when a test mines one, so the mempool's accounting can be seen.
  devnet = await startDevnet({ port: 0, blockMs: 3_600_000 });
});
afterAll(async () => {
  await devnet?.stop();
});

const payer = accountByName("wallet_5");
const sponsor = accountByName("wallet_6");
const merchant = accountByName("wallet_2");
const SPONSOR_FEE = 2_500n;

const network = () => devnetNetwork(devnet.url);
const nonceOf = (address: string) => fetchNonce({ address, network: network() });

/** The payer's USDC transfer, signed as a sponsored transaction (origin fee 0), not yet sponsored. */
async function originSigned(from = payer, amount = 1_000n, memo = "sponsored") {
  return makeContractCall({
    contractAddress: USDC.contractId.split(".")[0] ?? "",
    contractName: USDC.contractId.split(".")[1] ?? "",
    functionName: "transfer",
    functionArgs: [
      Cl.uint(amount),
      Cl.principal(from.address),
      Cl.principal(merchant.address),
      Cl.some(Cl.bufferFromUtf8(memo)),
    ],
    senderKey: from.privateKey,
    network: network(),
    nonce: await nonceOf(from.address),
    fee: 0,
    sponsored: true,
    postConditionMode: PostConditionMode.Deny,
    postConditions: [
      Pc.principal(from.address)
        .willSendEq(amount)
        .ft(USDC.contractId as `${string}.${string}`, USDC.assetName),
    ],
  });
}

function sponsored(
  tx: StacksTransactionWire,
  sponsorNonce: bigint,
  sponsorKey = sponsor.privateKey,
  fee = SPONSOR_FEE,
) {
  return sponsorTransaction({
    transaction: deserializeTransaction(tx.serialize()),
    sponsorPrivateKey: sponsorKey,
    fee,
    sponsorNonce,
    network: network(),
  });
}

async function broadcast(tx: StacksTransactionWire) {
  return broadcastTransaction({ transaction: tx, network: network() });
}

async function balances(address: string) {
  const body = await getJson<{
    stx: { balance: string; total_fees_sent: string };
    fungible_tokens: Record<string, { balance: string }>;
  }>(`${devnet.url}/extended/v1/address/${address}/balances`);
  return {
    stx: BigInt(body.stx.balance),
    fees: BigInt(body.stx.total_fees_sent),
    usdc: BigInt(body.fungible_tokens[USDC.assetId]?.balance ?? "0"),
  };
}

interface SponsoredJson extends HiroTx {
  readonly sponsored: boolean;
  readonly sponsor_address?: string;
  readonly sponsor_nonce?: number;
}

describe("a sponsored transaction", () => {
  it("is mined with the fee charged to the sponsor: the payer's STX are unchanged, its tokens move", async () => {
    const [payerBefore, sponsorBefore] = await Promise.all([
      balances(payer.address),
      balances(sponsor.address),
    ]);
    const sponsorNonce = await nonceOf(sponsor.address);
    const payerNonce = await nonceOf(payer.address);
    const tx = await sponsored(await originSigned(), sponsorNonce);

    const sent = await broadcast(tx);
    expect(sent).toEqual({ txid: tx.txid() });
    const pending = await getJson<SponsoredJson>(`${devnet.url}/extended/v1/tx/0x${sent.txid}`);
    expect(pending).toMatchObject({
      tx_status: "pending",
      sponsored: true,
      sponsor_address: sponsor.address,
      sponsor_nonce: Number(sponsorNonce),
      fee_rate: SPONSOR_FEE.toString(),
    });
    // While pending, both accounts' next nonces move on, and the sponsor's fee is spoken for.
    expect(await nonceOf(sponsor.address)).toBe(sponsorNonce + 1n);
    expect(await nonceOf(payer.address)).toBe(payerNonce + 1n);
    const sponsorPending = await getJson<{ stx: { pending_balance_outbound: string } }>(
      `${devnet.url}/extended/v1/address/${sponsor.address}/balances`,
    );
    expect(sponsorPending.stx.pending_balance_outbound).toBe(SPONSOR_FEE.toString());

    await devnet.mineBlock();
    const mined = await getJson<SponsoredJson>(`${devnet.url}/extended/v1/tx/0x${sent.txid}`);
    expect(mined).toMatchObject({
      tx_status: "success",
      sender_address: payer.address,
      nonce: Number(payerNonce),
      sponsored: true,
      sponsor_address: sponsor.address,
      sponsor_nonce: Number(sponsorNonce),
      fee_rate: SPONSOR_FEE.toString(),
    });
    const [payerAfter, sponsorAfter] = await Promise.all([
      balances(payer.address),
      balances(sponsor.address),
    ]);
    expect(payerAfter.stx).toBe(payerBefore.stx);
    expect(payerAfter.fees).toBe(payerBefore.fees);
    expect(payerAfter.usdc).toBe(payerBefore.usdc - 1_000n);
    expect(sponsorAfter.stx).toBe(sponsorBefore.stx - SPONSOR_FEE);
    expect(sponsorAfter.fees).toBe(sponsorBefore.fees + SPONSOR_FEE);
    expect(await nonceOf(sponsor.address)).toBe(sponsorNonce + 1n);
    expect(await nonceOf(payer.address)).toBe(payerNonce + 1n);
  });

  it("signed by the origin but not yet by a sponsor is rejected (SignatureValidation)", async () => {
    const rejected = await broadcast(await originSigned());
    expect(rejected).toMatchObject({
      error: "transaction rejected",
      reason: "SignatureValidation",
      reason_data: { message: expect.stringContaining("the sponsor has not signed") },
    });
  });

  it("whose sponsor signature does not match the sponsor's condition is rejected (SignatureValidation)", async () => {
    const tx = await sponsored(await originSigned(), await nonceOf(sponsor.address));
    // The sponsor signed a fee of 2500; one raised afterwards is not what it signed.
    tx.setFee(SPONSOR_FEE + 1n);
    expect(await broadcast(tx)).toMatchObject({ reason: "SignatureValidation" });

    const forged = await sponsored(await originSigned(), await nonceOf(sponsor.address));
    // Another key's signature under the sponsor's address.
    const other = await sponsored(await originSigned(), await nonceOf(sponsor.address), randomPrivateKey());
    if (forged.auth.authType !== other.auth.authType || !("sponsorSpendingCondition" in other.auth)) throw 0;
    if (!("sponsorSpendingCondition" in forged.auth)) throw 0;
    forged.auth.sponsorSpendingCondition = {
      ...other.auth.sponsorSpendingCondition,
      signer: forged.auth.sponsorSpendingCondition.signer,
    };
    expect(await broadcast(forged)).toMatchObject({ reason: "SignatureValidation" });
  });

  it("whose origin signature does not cover the transaction is rejected (SignatureValidation)", async () => {
    const tx = await sponsored(await originSigned(), await nonceOf(sponsor.address));
    // The origin signed fee 0; a fee written into the origin's condition later breaks its signature.
    tx.auth.spendingCondition.fee = 1n;
    expect(await broadcast(tx)).toMatchObject({ reason: "SignatureValidation" });
  });

  it("sponsored by its own origin is refused (one account cannot spend two nonces in one transaction here)", async () => {
    const tx = await sponsored(await originSigned(), (await nonceOf(payer.address)) + 1n, payer.privateKey);
    expect(await broadcast(tx)).toMatchObject({ reason: "ServerFailureOther" });
  });

  it("reusing a sponsor nonce is rejected (BadNonce, not the origin's), pending or mined", async () => {
    const payer2 = accountByName("wallet_7");
    const sponsorNonce = await nonceOf(sponsor.address);
    const first = await sponsored(await originSigned(), sponsorNonce);
    expect(await broadcast(first)).toEqual({ txid: first.txid() });
    const second = await sponsored(await originSigned(payer2), sponsorNonce);
    const pendingReuse = await broadcast(second);
    expect(pendingReuse).toMatchObject({
      reason: "BadNonce",
      reason_data: {
        expected: Number(sponsorNonce) + 1,
        actual: Number(sponsorNonce),
        is_origin: false,
        principal: sponsor.address,
      },
    });
    await devnet.mineBlock();
    expect(await broadcast(second)).toMatchObject({ reason: "BadNonce", reason_data: { is_origin: false } });
    // The sponsor's own transactions follow the nonces it spent sponsoring.
    const own = await makeSTXTokenTransfer({
      recipient: merchant.address,
      amount: 1n,
      senderKey: sponsor.privateKey,
      network: network(),
      nonce: sponsorNonce + 1n,
      fee: 300n,
    });
    expect(await broadcast(own)).toEqual({ txid: own.txid() });
    await devnet.mineBlock();
  });

  it("is refused when the sponsor cannot cover its fee beside the fees it already sponsors", async () => {
    const poorKey = randomPrivateKey();
    const poor = privateKeyToAddress(poorKey, "testnet");
    await devnet.faucet("stx", poor, 3_000n);
    await devnet.mineBlock();
    const payer2 = accountByName("wallet_8");
    const first = await sponsored(await originSigned(), 0n, poorKey, 2_000n);
    expect(await broadcast(first)).toEqual({ txid: first.txid() });
    const second = await sponsored(await originSigned(payer2), 1n, poorKey, 2_000n);
    expect(await broadcast(second)).toMatchObject({ reason: "NotEnoughFunds" });
    await devnet.mineBlock();
    expect((await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/0x${first.txid()}`)).tx_status).toBe(
      "success",
    );
    expect((await balances(poor)).stx).toBe(1_000n);
  });
});
