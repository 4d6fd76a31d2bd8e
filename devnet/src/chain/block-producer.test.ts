import {
  Cl,
  type ClarityValue,
  deserializeTransaction,
  makeContractCall,
  makeSTXTokenTransfer,
  PostConditionMode,
  privateKeyToAddress,
  randomPrivateKey,
  sponsorTransaction,
} from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountByName } from "../accounts.ts";
import { USDC } from "../tokens.ts";
import { decodeTransaction } from "../tx/decode.ts";
import { produceBlock } from "./block-producer.ts";
import { ClarityVm } from "./clarity-vm.ts";
import { Ledger } from "./ledger.ts";
import { Mempool } from "./mempool.ts";
import { type SimnetProject, writeSimnetProject } from "./project.ts";

const sender = accountByName("wallet_7");
const other = accountByName("wallet_8");
const [contractAddress = "", contractName = ""] = USDC.contractId.split(".");

let project: SimnetProject;
let vm: ClarityVm;
beforeAll(async () => {
  project = await writeSimnetProject();
  vm = await ClarityVm.open(project, [
    { kind: "mint-stx", recipient: sender.address, amount: 1_000_000n },
    {
      kind: "mint-ft",
      contractId: USDC.contractId,
      assetName: USDC.assetName,
      recipient: sender.address,
      amount: 1_000n,
    },
  ]);
});
afterAll(async () => {
  await project?.remove();
});

async function usdcCall(nonce: number, args: ClarityValue[]) {
  const tx = await makeContractCall({
    contractAddress,
    contractName,
    functionName: "transfer",
    functionArgs: args,
    senderKey: sender.privateKey,
    network: "testnet",
    fee: 1_000,
    nonce,
    postConditionMode: PostConditionMode.Allow,
  });
  return decodeTransaction(tx.serializeBytes());
}

const transferArgs = (amount: number): ClarityValue[] => [
  Cl.uint(amount),
  Cl.principal(sender.address),
  Cl.principal(other.address),
  Cl.none(),
];

function usdcBalance(address: string): bigint {
  const result = vm.callReadOnly(USDC.contractId, "get-balance", [Cl.principal(address)], address);
  return result.type === "ok" && result.value.type === "uint" ? BigInt(result.value.value) : -1n;
}

describe("the block producer", () => {
  it("mines a call the VM throws on as abort_by_response (err none), charges its fee, and keeps the rest of the block", async () => {
    const ledger = new Ledger({ height: vm.stacksBlockHeight, burnHeight: vm.burnBlockHeight, time: 0 });
    const mempool = new Mempool();
    // The middle call skips admission (which would reject its arity) to reach the VM as is.
    const first = await usdcCall(0, transferArgs(10));
    const throwing = await usdcCall(1, [Cl.uint(5)]);
    const last = await usdcCall(2, transferArgs(20));
    for (const tx of [first, throwing, last]) mempool.add(tx);
    const stxBefore = vm.stxBalance(sender.address);

    const block = await produceBlock({ vm, ledger, mempool });

    expect(block.txids).toEqual([first.txid, throwing.txid, last.txid]);
    const statusOf = (txid: string) => {
      const record = ledger.tx(txid);
      return record?.state === "mined" ? record.outcome : undefined;
    };
    expect(statusOf(first.txid)?.status).toBe("success");
    expect(statusOf(throwing.txid)).toMatchObject({
      status: "abort_by_response",
      result: Cl.error(Cl.none()),
    });
    expect(statusOf(throwing.txid)?.vmError).toContain("IncorrectArgumentCount");
    expect(statusOf(last.txid)?.status).toBe("success");
    expect(usdcBalance(other.address)).toBe(30n);
    expect(vm.stxBalance(sender.address)).toBe(stxBefore - 3_000n);
    expect(ledger.confirmedNonce(sender.address)).toBe(3n);
    expect(mempool.size).toBe(0);
  });

  it("leaves exactly the committed state after a rollback (the journal replays to the same balances)", async () => {
    const before = {
      usdc: usdcBalance(other.address),
      stx: vm.stxBalance(sender.address),
      height: vm.stacksBlockHeight,
    };
    await vm.rollback();
    expect({
      usdc: usdcBalance(other.address),
      stx: vm.stxBalance(sender.address),
      height: vm.stacksBlockHeight,
    }).toEqual(before);
  });

  it("drops a transaction whose fee cannot be paid at execution time, and the sender's later nonces", async () => {
    const ledger = new Ledger({ height: vm.stacksBlockHeight, burnHeight: vm.burnBlockHeight, time: 0 });
    const mempool = new Mempool();
    const balance = vm.stxBalance(sender.address);
    const tooExpensive = decodeTransaction(
      (
        await makeContractCall({
          contractAddress,
          contractName,
          functionName: "transfer",
          functionArgs: transferArgs(1),
          senderKey: sender.privateKey,
          network: "testnet",
          fee: balance + 1n,
          nonce: 3,
          postConditionMode: PostConditionMode.Allow,
        })
      ).serializeBytes(),
    );
    const next = await usdcCall(4, transferArgs(1));
    mempool.add(tooExpensive);
    mempool.add(next);

    await produceBlock({ vm, ledger, mempool });

    expect(ledger.tx(tooExpensive.txid)).toMatchObject({ state: "dropped", status: "dropped_problematic" });
    expect(ledger.tx(next.txid)).toMatchObject({ state: "dropped", status: "dropped_stale_garbage_collect" });
    expect(vm.stxBalance(sender.address)).toBe(balance);
  });

  it("drops a sponsored transaction whose sponsor cannot pay the fee, and every later nonce behind it", async () => {
    const ledger = new Ledger({ height: vm.stacksBlockHeight, burnHeight: vm.burnBlockHeight, time: 0 });
    const mempool = new Mempool();
    const poorKey = randomPrivateKey(); // no STX at all
    const strangerKey = randomPrivateKey();
    const sponsoredBy = async (senderKey: string, nonce: number, sponsorNonce: bigint) => {
      const originSigned = await makeContractCall({
        contractAddress,
        contractName,
        functionName: "transfer",
        functionArgs: transferArgs(1),
        senderKey,
        network: "testnet",
        fee: 0,
        nonce,
        sponsored: true,
        postConditionMode: PostConditionMode.Allow,
      });
      const cosigned = await sponsorTransaction({
        transaction: deserializeTransaction(originSigned.serialize()),
        sponsorPrivateKey: poorKey,
        fee: 500n,
        sponsorNonce,
        network: "testnet",
      });
      return decodeTransaction(cosigned.serializeBytes());
    };
    // The sponsor cannot pay this one; its next sponsored transaction has a gap (sponsor nonce 1),
    // and so does the origin's next one after that (origin nonce 11), which it could pay itself.
    const unpaid = await sponsoredBy(strangerKey, 0, 0n);
    const sponsorGap = await sponsoredBy(sender.privateKey, 10, 1n);
    const originGap = await usdcCall(11, transferArgs(1));
    const sponsorOwn = decodeTransaction(
      (
        await makeSTXTokenTransfer({
          recipient: other.address,
          amount: 1n,
          senderKey: poorKey,
          network: "testnet",
          fee: 1n,
          nonce: 2n,
        })
      ).serializeBytes(),
    );
    for (const tx of [unpaid, sponsorGap, originGap, sponsorOwn]) mempool.add(tx);
    const balance = vm.stxBalance(sender.address);

    await produceBlock({ vm, ledger, mempool });

    expect(unpaid.feePayer).toBe(privateKeyToAddress(poorKey, "testnet"));
    expect(ledger.tx(unpaid.txid)).toMatchObject({ state: "dropped", status: "dropped_problematic" });
    for (const stale of [sponsorGap, originGap, sponsorOwn])
      expect(ledger.tx(stale.txid)).toMatchObject({
        state: "dropped",
        status: "dropped_stale_garbage_collect",
      });
    expect(vm.stxBalance(sender.address)).toBe(balance);
    expect(mempool.size).toBe(0);
  });
});
