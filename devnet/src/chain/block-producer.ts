import { Cl, ClarityType, type ClarityValue } from "@stacks/transactions";
import { FEE_SINK_ADDRESS, MAX_TXS_PER_BLOCK } from "../config.ts";
import { type ChainEvent, fromSimnetEvents } from "../tx/chain-events.ts";
import { type DecodedTx, nonceOf, nonceUses } from "../tx/decode.ts";
import { checkPostConditions } from "../tx/post-conditions.ts";
import { type ClarityVm, errorMessage, type VmOp, type VmOpResult } from "./clarity-vm.ts";
import type { BlockRecord, DroppedStatus, Ledger, MinedStatus } from "./ledger.ts";
import type { Mempool } from "./mempool.ts";

/**
 * How one mempool transaction goes into the block being built:
 * - `full`: fee, then the payload, executed as the signer;
 * - `fee-only`: the payload was found to abort (post-condition failure, VM runtime error), so only
 *   the fee is charged and the nonce consumed, and the payload's effects are not part of the block;
 * - `dropped`: not mined at all (the fee could not be paid at execution time).
 */
type PlanEntry =
  | { readonly tx: DecodedTx; readonly mode: "full" }
  | {
      readonly tx: DecodedTx;
      readonly mode: "fee-only";
      readonly status: Exclude<MinedStatus, "success">;
      readonly result: ClarityValue;
      readonly vmError: string;
    }
  | {
      readonly tx: DecodedTx;
      readonly mode: "dropped";
      readonly status: DroppedStatus;
      readonly reason: string;
    };

const RUNTIME_ERROR_RESULT = Cl.error(Cl.none());

// Amounts are numbers: simnet JSON-encodes block operations (µSTX amounts stay far below 2^53).
/** The fee, paid by the fee payer: the sponsor of a sponsored transaction, else the origin. */
function feeOp(tx: DecodedTx): VmOp {
  return { transferSTX: { amount: Number(tx.fee), recipient: FEE_SINK_ADDRESS, sender: tx.feePayer } };
}

function payloadOp(tx: DecodedTx): VmOp {
  const payload = tx.payload;
  switch (payload.kind) {
    case "contract-call":
      return {
        callPublicFn: {
          contract: payload.contractId,
          method: payload.functionName,
          args: [...payload.args],
          sender: tx.sender,
        },
      };
    case "token-transfer":
      return {
        transferSTX: { amount: Number(payload.amount), recipient: payload.recipient, sender: tx.sender },
      };
    case "unsupported":
      throw new Error("unsupported payload reached the block producer");
  }
}

function opsOf(plan: readonly PlanEntry[]): VmOp[] {
  const ops: VmOp[] = [];
  for (const entry of plan) {
    if (entry.mode === "dropped") continue;
    ops.push(feeOp(entry.tx));
    if (entry.mode === "full") ops.push(payloadOp(entry.tx));
  }
  return ops;
}

const isOkTrue = (value: ClarityValue) =>
  value.type === ClarityType.ResponseOk && value.value.type === ClarityType.BoolTrue;

/** Payload events as reported to clients; an STX transfer transaction's event carries its memo. */
function payloadEvents(tx: DecodedTx, result: VmOpResult): ChainEvent[] {
  const events = fromSimnetEvents(result.events);
  if (tx.payload.kind !== "token-transfer") return events;
  const memoHex = tx.payload.memoHex;
  return events.map((e) => (e.type === "stx-transfer" && e.memoHex === "" ? { ...e, memoHex } : e));
}

interface PlanFailure {
  readonly index: number;
  readonly replacement: PlanEntry;
}

/** Finds the first plan entry whose execution in `results` means the block cannot stand as run. */
function firstFailure(plan: readonly PlanEntry[], results: readonly VmOpResult[]): PlanFailure | undefined {
  let cursor = 0;
  for (const [index, entry] of plan.entries()) {
    if (entry.mode === "dropped") continue;
    const fee = results[cursor];
    if (!fee || !isOkTrue(fee.result)) {
      return {
        index,
        replacement: {
          tx: entry.tx,
          mode: "dropped",
          status: "dropped_problematic",
          reason: `${entry.tx.sponsored ? "sponsor" : "sender"} cannot pay the fee of ${entry.tx.fee} µSTX at execution time`,
        },
      };
    }
    if (entry.mode === "fee-only") {
      cursor += 1;
      continue;
    }
    const payload = results[cursor + 1];
    cursor += 2;
    if (!payload) throw new Error("simnet returned fewer results than operations");
    if (payload.result.type !== ClarityType.ResponseOk) continue; // the VM already undid an (err …)
    if (entry.tx.payload.kind === "token-transfer") continue; // STX transfers carry no post-conditions
    const verdict = checkPostConditions({
      mode: entry.tx.postConditionMode,
      postConditions: entry.tx.postConditions,
      origin: entry.tx.sender,
      events: payloadEvents(entry.tx, payload),
    });
    if (!verdict.ok) {
      return {
        index,
        replacement: {
          tx: entry.tx,
          mode: "fee-only",
          status: "abort_by_post_condition",
          result: payload.result,
          vmError: verdict.reason,
        },
      };
    }
  }
  return undefined;
}

/**
 * Later transactions that spend a nonce of an account whose earlier nonce was dropped (as origin
 * or sponsor) can no longer be mined: their nonces have a gap. Each drop may cause more.
 */
function dropSuccessors(plan: PlanEntry[], dropped: PlanEntry): void {
  const gaps = [...nonceUses(dropped.tx)];
  for (let gap = gaps.shift(); gap; gap = gaps.shift()) {
    const { account, nonce } = gap;
    for (const [index, entry] of plan.entries()) {
      const used = nonceOf(entry.tx, account);
      if (entry.mode === "dropped" || used === undefined || used <= nonce) continue;
      plan[index] = {
        tx: entry.tx,
        mode: "dropped",
        status: "dropped_stale_garbage_collect",
        reason: `an earlier nonce of ${account} was dropped`,
      };
      gaps.push(...nonceUses(entry.tx));
    }
  }
}

export interface BlockProducerDeps {
  readonly vm: ClarityVm;
  readonly ledger: Ledger;
  readonly mempool: Mempool;
}

/**
 * Builds and commits the next block from the mempool. The whole block is executed in one simnet
 * block; when a transaction's post-conditions fail, or the VM throws on one, the state is rolled
 * back (see ClarityVm.rollback), that transaction is re-planned as fee-only (or dropped) and the
 * block is executed again. Transactions before it behave identically on the re-run, so each
 * failing transaction costs one re-run and the block that stands is exactly the one journaled.
 */
export async function produceBlock(deps: BlockProducerDeps): Promise<BlockRecord> {
  const { vm, ledger, mempool } = deps;
  const candidates = mempool.peek(MAX_TXS_PER_BLOCK);
  const time = Math.floor(Date.now() / 1000);
  if (candidates.length === 0) {
    vm.mineEmptyBlock();
    return ledger.recordBlock({ height: vm.stacksBlockHeight, burnHeight: vm.burnBlockHeight, time }, []);
  }

  const plan: PlanEntry[] = candidates.map((tx) => ({ tx, mode: "full" }));
  const maxAttempts = plan.length * 2 + 2;
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const ops = opsOf(plan);
    let results: VmOpResult[];
    try {
      results = vm.runBlock(ops);
    } catch (error) {
      await vm.rollback();
      const index = await locateThrowingEntry(vm, plan);
      const entry = plan[index];
      if (!entry) throw new Error("could not locate the failing transaction");
      plan[index] =
        entry.mode === "full"
          ? {
              tx: entry.tx,
              mode: "fee-only",
              status: "abort_by_response",
              result: RUNTIME_ERROR_RESULT,
              vmError: errorMessage(error),
            }
          : { tx: entry.tx, mode: "dropped", status: "dropped_problematic", reason: errorMessage(error) };
      if (plan[index]?.mode === "dropped") dropSuccessors(plan, entry);
      continue;
    }
    const failure = firstFailure(plan, results);
    if (failure) {
      await vm.rollback();
      plan[failure.index] = failure.replacement;
      if (failure.replacement.mode === "dropped") dropSuccessors(plan, failure.replacement);
      continue;
    }
    vm.commitBlock(ops);
    return settle(deps, plan, results, time);
  }
  await vm.rollback();
  throw new Error("block production did not converge");
}

/** Smallest prefix of the plan whose execution throws; returns the index of its last entry. */
async function locateThrowingEntry(vm: ClarityVm, plan: readonly PlanEntry[]): Promise<number> {
  let low = 1;
  let high = plan.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    let threw = false;
    try {
      vm.runBlock(opsOf(plan.slice(0, middle)));
    } catch {
      threw = true;
    }
    await vm.rollback();
    if (threw) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

function settle(
  deps: BlockProducerDeps,
  plan: readonly PlanEntry[],
  results: readonly VmOpResult[],
  time: number,
): BlockRecord {
  const { vm, ledger, mempool } = deps;
  const mined: Parameters<Ledger["recordBlock"]>[1][number][] = [];
  const droppedSenders = new Set<string>();
  let cursor = 0;
  for (const entry of plan) {
    mempool.remove(entry.tx.txid);
    switch (entry.mode) {
      case "dropped":
        ledger.recordDropped(entry.tx, entry.status, entry.reason);
        for (const { account } of nonceUses(entry.tx)) droppedSenders.add(account);
        break;
      case "fee-only":
        cursor += 1;
        mined.push({
          tx: entry.tx,
          outcome: { status: entry.status, result: entry.result, events: [], vmError: entry.vmError },
        });
        break;
      case "full": {
        const payload = results[cursor + 1];
        cursor += 2;
        if (!payload) throw new Error("missing payload result");
        const success = payload.result.type === ClarityType.ResponseOk;
        mined.push({
          tx: entry.tx,
          outcome: {
            status: success ? "success" : "abort_by_response",
            result: payload.result,
            events: success ? payloadEvents(entry.tx, payload) : [],
            vmError: null,
          },
        });
        break;
      }
    }
  }
  const block = ledger.recordBlock(
    { height: vm.stacksBlockHeight, burnHeight: vm.burnBlockHeight, time },
    mined,
  );
  // Transactions left in the mempool behind a dropped nonce (as origin or sponsor) have a gap too.
  const gaps = [...droppedSenders];
  for (let account = gaps.shift(); account; account = gaps.shift()) {
    for (const tx of mempool.usingNonceOf(account)) {
      mempool.remove(tx.txid);
      ledger.recordDropped(tx, "dropped_stale_garbage_collect", `an earlier nonce of ${account} was dropped`);
      for (const use of nonceUses(tx)) if (!droppedSenders.has(use.account)) gaps.push(use.account);
      for (const use of nonceUses(tx)) droppedSenders.add(use.account);
    }
  }
  return block;
}
