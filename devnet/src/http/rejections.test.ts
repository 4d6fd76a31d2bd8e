import {
  broadcastTransaction,
  Cl,
  makeContractCall,
  makeUnsignedContractCall,
  PostConditionMode,
  privateKeyToAddress,
  privateKeyToPublic,
  randomPrivateKey,
  TransactionSigner,
  type TxBroadcastResult,
} from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetNetwork, signTokenTransfer } from "../../testing/wallet.ts";
import { accountByName } from "../accounts.ts";
import { type Devnet, startDevnet } from "../devnet.ts";
import { SBTC, USDC } from "../tokens.ts";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
});
afterAll(async () => {
  await devnet?.stop();
});

const alice = accountByName("wallet_3");
const bob = accountByName("wallet_4");

function rejected(result: TxBroadcastResult) {
  if (!("reason" in result)) throw new Error(`expected a rejection, got ${JSON.stringify(result)}`);
  return result;
}

describe("POST /v2/transactions rejects", () => {
  it("a transaction whose signature is not its sender's with SignatureValidation", async () => {
    const [contractAddress = "", contractName = ""] = USDC.contractId.split(".");
    // Built for alice's public key (so the sender is alice) but signed with bob's key.
    const tx = await makeUnsignedContractCall({
      contractAddress,
      contractName,
      functionName: "transfer",
      functionArgs: [Cl.uint(1), Cl.principal(alice.address), Cl.principal(bob.address), Cl.none()],
      publicKey: privateKeyToPublic(alice.privateKey) as string,
      network: "testnet",
      fee: 5_000,
      nonce: 0,
      postConditionMode: PostConditionMode.Allow,
    });
    new TransactionSigner(tx).signOrigin(bob.privateKey);

    const result = rejected(
      await broadcastTransaction({ transaction: tx, network: devnetNetwork(devnet.url) }),
    );
    expect(result.reason).toBe("SignatureValidation");
    expect(result.txid).toBe(tx.txid());
    expect(devnet.chain.ledger.tx(tx.txid())).toBeUndefined();
  });

  it("a transaction whose signed fee was altered afterwards with SignatureValidation", async () => {
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: USDC,
      from: alice,
      to: bob.address,
      amount: 5n,
      fee: 5_000n,
    });
    tx.setFee(50_000);
    const result = rejected(
      await broadcastTransaction({ transaction: tx, network: devnetNetwork(devnet.url) }),
    );
    expect(result.reason).toBe("SignatureValidation");
  });

  it("a nonce that is not the account's next with BadNonce (expected / actual)", async () => {
    const ahead = await signTokenTransfer({
      url: devnet.url,
      token: SBTC,
      from: alice,
      to: bob.address,
      amount: 5n,
      nonce: 7n,
      fee: 5_000n,
    });
    const result = rejected(
      await broadcastTransaction({ transaction: ahead, network: devnetNetwork(devnet.url) }),
    );
    expect(result.reason).toBe("BadNonce");
    expect(result).toMatchObject({ reason_data: { expected: 0, actual: 7, is_origin: true } });

    // Once nonce 0 is mined, sending nonce 0 again is a BadNonce too.
    const first = await signTokenTransfer({
      url: devnet.url,
      token: SBTC,
      from: alice,
      to: bob.address,
      amount: 5n,
      nonce: 0n,
      fee: 5_000n,
    });
    const ok = await broadcastTransaction({ transaction: first, network: devnetNetwork(devnet.url) });
    expect(ok).toEqual({ txid: first.txid() });
    await devnet.waitForTx(first.txid());
    const replay = await signTokenTransfer({
      url: devnet.url,
      token: SBTC,
      from: alice,
      to: bob.address,
      amount: 6n,
      nonce: 0n,
      fee: 5_000n,
    });
    const again = rejected(
      await broadcastTransaction({ transaction: replay, network: devnetNetwork(devnet.url) }),
    );
    expect(again).toMatchObject({ reason: "BadNonce", reason_data: { expected: 1, actual: 0 } });
  });

  it("a fee below the minimum (1 µSTX per byte) with FeeTooLow", async () => {
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: USDC,
      from: alice,
      to: bob.address,
      amount: 5n,
      fee: 0n,
    });
    const result = rejected(
      await broadcastTransaction({ transaction: tx, network: devnetNetwork(devnet.url) }),
    );
    expect(result).toMatchObject({
      reason: "FeeTooLow",
      reason_data: { expected: tx.serializeBytes().length, actual: 0 },
    });
  });

  it("a sender without the STX to pay the fee with NotEnoughFunds", async () => {
    const key = randomPrivateKey();
    const pauper = { address: privateKeyToAddress(key, "testnet"), privateKey: key };
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: USDC,
      from: pauper,
      to: bob.address,
      amount: 1n,
      fee: 5_000n,
      nonce: 0n,
    });
    const result = rejected(
      await broadcastTransaction({ transaction: tx, network: devnetNetwork(devnet.url) }),
    );
    expect(result.reason).toBe("NotEnoughFunds");
    expect(result).toMatchObject({
      reason_data: { expected: `0x${(5000).toString(16).padStart(32, "0")}`, actual: `0x${"0".repeat(32)}` },
    });
  });

  it("bytes that are not a transaction with Deserialization", async () => {
    const response = await fetch(`${devnet.url}/v2/transactions`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array([0x80, 0x01, 0x02, 0x03]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "transaction rejected", reason: "Deserialization" });
  });

  it("a mainnet transaction with BadTransactionVersion", async () => {
    const [contractAddress = "", contractName = ""] = USDC.contractId.split(".");
    const tx = await makeContractCall({
      contractAddress,
      contractName,
      functionName: "transfer",
      functionArgs: [Cl.uint(1), Cl.principal(alice.address), Cl.principal(bob.address), Cl.none()],
      senderKey: alice.privateKey,
      network: "mainnet",
      fee: 5_000,
      nonce: 1,
      postConditionMode: PostConditionMode.Allow,
    });
    const result = rejected(
      await broadcastTransaction({ transaction: tx, network: devnetNetwork(devnet.url) }),
    );
    expect(result.reason).toBe("BadTransactionVersion");
  });

  it("calls of a missing contract, a non-public function or ill-typed arguments", async () => {
    const base = {
      senderKey: alice.privateKey,
      network: "testnet" as const,
      fee: 5_000,
      nonce: 1,
      postConditionMode: PostConditionMode.Allow,
    };
    const [contractAddress = "", contractName = ""] = USDC.contractId.split(".");
    const noContract = await makeContractCall({
      ...base,
      contractAddress,
      contractName: "nope",
      functionName: "transfer",
      functionArgs: [],
    });
    const readOnly = await makeContractCall({
      ...base,
      contractAddress,
      contractName,
      functionName: "get-balance",
      functionArgs: [Cl.principal(alice.address)],
    });
    const badArgs = await makeContractCall({
      ...base,
      contractAddress,
      contractName,
      functionName: "transfer",
      functionArgs: [Cl.int(1), Cl.principal(alice.address), Cl.principal(bob.address), Cl.none()],
    });
    const network = devnetNetwork(devnet.url);
    expect(rejected(await broadcastTransaction({ transaction: noContract, network })).reason).toBe(
      "NoSuchContract",
    );
    expect(rejected(await broadcastTransaction({ transaction: readOnly, network })).reason).toBe(
      "NoSuchPublicFunction",
    );
    expect(rejected(await broadcastTransaction({ transaction: badArgs, network })).reason).toBe(
      "BadFunctionArgument",
    );
  });
});
