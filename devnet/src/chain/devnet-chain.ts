import { Cl, ClarityType, type ClarityValue } from "@stacks/transactions";
import { ACCOUNTS } from "../accounts.ts";
import { type DevnetToken, TOKENS } from "../tokens.ts";
import { type Admission, admitTransaction } from "../tx/admission.ts";
import { type DecodedTx, nonceOf, nonceUses } from "../tx/decode.ts";
import { produceBlock } from "./block-producer.ts";
import { ClarityVm, type ContractInterface, type GenesisOp } from "./clarity-vm.ts";
import { type BlockRecord, Ledger, normalizeTxid, type TxRecord } from "./ledger.ts";
import { Mempool } from "./mempool.ts";
import { type SimnetProject, writeSimnetProject } from "./project.ts";
import { SerialQueue } from "./serial-queue.ts";

function genesisOps(): GenesisOp[] {
  return ACCOUNTS.flatMap((account) => [
    // The deployer's STX come from the project's Devnet.toml.
    ...(account.name === "deployer"
      ? []
      : [{ kind: "mint-stx" as const, recipient: account.address, amount: account.funding.stx }]),
    ...TOKENS.map((token) => ({
      kind: "mint-ft" as const,
      contractId: token.contractId,
      assetName: token.assetName,
      recipient: account.address,
      amount: account.funding[token.key],
    })),
  ]);
}

/** A change of the canonical chain: blocks that stopped being canonical (newest first), then new blocks (oldest first). */
export interface ChainChange {
  readonly rollback: readonly BlockRecord[];
  readonly apply: readonly BlockRecord[];
}

export interface ForkOptions {
  /** How many blocks at the tip stop being canonical (≥ 1, at most down to the genesis block). */
  readonly depth: number;
  /** Transactions of the orphaned blocks that are not mined again (0x-prefixed or bare txids). */
  readonly drop?: readonly string[];
}

export interface ForkResult {
  /** The block the new branch grows from. */
  readonly forkPoint: BlockRecord;
  /** The blocks that stopped being canonical, newest first. */
  readonly orphaned: readonly BlockRecord[];
  /** The new branch, oldest first (`depth + 1` blocks). */
  readonly branch: readonly BlockRecord[];
  /** Transactions of the orphaned blocks that were dropped (listed in `drop`, or behind a dropped nonce). */
  readonly dropped: readonly string[];
}

export interface NonceInfo {
  readonly lastExecutedNonce: bigint | null;
  readonly lastMempoolNonce: bigint | null;
  readonly possibleNextNonce: bigint;
  readonly mempoolNonces: readonly bigint[];
}

/**
 * The chain: the Clarity VM, the mempool, the ledger and the block producer behind one serial
 * queue (admission and block production never interleave, and reads of the VM never see a
 * rollback half done). All state lives in memory.
 */
export class DevnetChain {
  private readonly queue = new SerialQueue();
  private closed = false;
  private readonly mempool = new Mempool();
  private readonly listeners = new Set<(block: BlockRecord) => void>();
  private readonly acceptedListeners = new Set<(txid: string) => void>();
  private readonly changeListeners = new Set<(change: ChainChange) => void>();

  private constructor(
    private readonly project: SimnetProject,
    readonly vm: ClarityVm,
    readonly ledger: Ledger,
  ) {}

  static async create(): Promise<DevnetChain> {
    const project = await writeSimnetProject();
    try {
      const vm = await ClarityVm.open(project, genesisOps());
      vm.contractInterface(TOKENS[0]?.contractId ?? ""); // warm the interface cache
      const ledger = new Ledger({
        height: vm.stacksBlockHeight,
        burnHeight: vm.burnBlockHeight,
        time: Math.floor(Date.now() / 1000),
      });
      return new DevnetChain(project, vm, ledger);
    } catch (error) {
      await project.remove();
      throw error;
    }
  }

  /** Mempool admission of a raw transaction (bytes or hex). Accepted transactions wait for a block. */
  broadcast(raw: Uint8Array | string): Promise<Admission> {
    return this.run(() => this.broadcastExclusive(raw));
  }

  /** Mines the next block now (empty if the mempool is, unless `onlyIfPending`). */
  mineBlock(options: { onlyIfPending?: boolean } = {}): Promise<BlockRecord | undefined> {
    return this.run(async () => {
      if (options.onlyIfPending && this.mempool.size === 0) return undefined;
      const block = await produceBlock({ vm: this.vm, ledger: this.ledger, mempool: this.mempool });
      this.announce({ rollback: [], apply: [block] });
      return block;
    });
  }

  /**
   * Forks the chain: the top `depth` blocks stop being canonical (they stay readable by hash), the
   * VM state returns to the fork point, their transactions go back to the mempool ahead of what
   * waits there (except those in `drop`, and those behind a dropped nonce, which end
   * `dropped_replace_across_fork`), and a new branch of `depth + 1` blocks is mined at once.
   */
  fork(options: ForkOptions): Promise<ForkResult> {
    return this.run(async () => {
      const { depth } = options;
      const tip = this.ledger.tip();
      if (!Number.isInteger(depth) || depth < 1 || tip.height - depth < this.ledger.genesisHeight) {
        throw new RangeError(
          `fork depth must be an integer from 1 to ${tip.height - this.ledger.genesisHeight}, got ${depth}`,
        );
      }
      const forkHeight = tip.height - depth;
      await this.vm.rollbackTo(forkHeight);
      const orphaned = this.ledger.orphanAbove(forkHeight);
      const dropped = this.dropAcrossFork(
        orphaned.txs.map((m) => m.tx),
        options.drop ?? [],
      );
      this.mempool.addFirst(orphaned.txs.map((m) => m.tx).filter((tx) => !dropped.has(tx.txid)));
      const branch: BlockRecord[] = [];
      for (let i = 0; i <= depth; i += 1) {
        branch.push(await produceBlock({ vm: this.vm, ledger: this.ledger, mempool: this.mempool }));
      }
      const forkPoint = this.ledger.block(forkHeight);
      if (!forkPoint) throw new Error(`no block at the fork point ${forkHeight}`);
      this.announce({ rollback: orphaned.blocks, apply: branch });
      return { forkPoint, orphaned: orphaned.blocks, branch, dropped: [...dropped] };
    });
  }

  /**
   * Marks the listed orphaned transactions dropped, and with them every orphaned or pending
   * transaction that spends a later nonce of an account whose nonce a dropped one spent.
   */
  private dropAcrossFork(orphanedTxs: readonly DecodedTx[], drop: readonly string[]): Set<string> {
    const listed = new Set(drop.map(normalizeTxid));
    const dropped = new Set<string>();
    const gaps: Array<{ account: string; nonce: bigint }> = [];
    for (const tx of orphanedTxs) {
      if (!listed.has(tx.txid)) continue;
      dropped.add(tx.txid);
      this.ledger.recordDropped(tx, "dropped_replace_across_fork", "dropped by a fork");
      gaps.push(...nonceUses(tx));
    }
    for (let gap = gaps.shift(); gap; gap = gaps.shift()) {
      const { account, nonce } = gap;
      const behind = [...orphanedTxs, ...this.mempool.peek(Number.MAX_SAFE_INTEGER)].filter((tx) => {
        const used = nonceOf(tx, account);
        return used !== undefined && used > nonce && !dropped.has(tx.txid);
      });
      for (const tx of behind) {
        dropped.add(tx.txid);
        const wasMined = orphanedTxs.includes(tx);
        if (!wasMined) this.mempool.remove(tx.txid);
        this.ledger.recordDropped(
          tx,
          wasMined ? "dropped_replace_across_fork" : "dropped_stale_garbage_collect",
          `an earlier nonce of ${account} was dropped by a fork`,
        );
        gaps.push(...nonceUses(tx));
      }
    }
    return dropped;
  }

  private announce(change: ChainChange): void {
    for (const block of change.apply) for (const listener of this.listeners) listener(block);
    for (const listener of this.changeListeners) listener(change);
  }

  /** Runs a job in the chain's queue, e.g. to sign with the next nonce and broadcast atomically. */
  exclusive<T>(job: () => T | Promise<T>): Promise<T> {
    return this.run(job);
  }

  /** Admission inside an `exclusive` job (no second trip through the queue). */
  broadcastExclusive(raw: Uint8Array | string): Admission {
    const admission = admitTransaction(raw, {
      expectedNonce: (account) => this.expectedNonce(account),
      spendableStx: (account) => this.vm.stxBalance(account) - this.mempool.pendingStxSpend(account),
      contractInterface: (id) => this.vm.contractInterface(id),
      isPending: (txid) => this.mempool.has(txid),
    });
    if (admission.ok && !admission.duplicate) {
      this.mempool.add(admission.tx);
      this.ledger.recordPending(admission.tx, Math.floor(Date.now() / 1000));
      for (const listener of this.acceptedListeners) listener(admission.tx.txid);
    }
    return admission;
  }

  onBlock(listener: (block: BlockRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every change of the canonical chain: a new block, or a fork (rollback + new branch). */
  onChange(listener: (change: ChainChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  onAccepted(listener: (txid: string) => void): () => void {
    this.acceptedListeners.add(listener);
    return () => this.acceptedListeners.delete(listener);
  }

  expectedNonce(sender: string): bigint {
    return this.mempool.nextNonce(sender, this.ledger.confirmedNonce(sender));
  }

  nonceInfo(principal: string): NonceInfo {
    const confirmed = this.ledger.confirmedNonce(principal);
    // As origin or as sponsor: a sponsor's nonces go to the transactions it sponsors.
    const pending = this.mempool.pendingNonces(principal);
    const lastMempool = pending.length > 0 ? pending[pending.length - 1] : undefined;
    return {
      lastExecutedNonce: confirmed > 0n ? confirmed - 1n : null,
      lastMempoolNonce: lastMempool ?? null,
      possibleNextNonce: lastMempool !== undefined ? lastMempool + 1n : confirmed,
      mempoolNonces: pending,
    };
  }

  /** Every mempool transaction, oldest first. */
  pendingAll(): readonly TxRecord[] {
    return this.mempool.peek(Number.MAX_SAFE_INTEGER).flatMap((tx) => {
      const record = this.ledger.tx(tx.txid);
      return record ? [record] : [];
    });
  }

  /** STX pending transactions will spend of the principal (fees it pays or sponsors, and STX transfers). */
  pendingStxSpend(principal: string): bigint {
    return this.mempool.pendingStxSpend(principal);
  }

  stxBalance(principal: string): Promise<bigint> {
    return this.run(() => this.vm.stxBalance(principal));
  }

  tokenBalance(token: DevnetToken, principal: string): Promise<bigint> {
    return this.run(() => this.readTokenBalance(token, principal));
  }

  /** STX and every known token's balance of a principal, read in one consistent step. */
  balances(principal: string): Promise<{ stx: bigint; tokens: Map<DevnetToken, bigint> }> {
    return this.run(() => ({
      stx: this.vm.stxBalance(principal),
      tokens: new Map(TOKENS.map((token) => [token, this.readTokenBalance(token, principal)])),
    }));
  }

  callReadOnly(
    contractId: string,
    functionName: string,
    args: ClarityValue[],
    sender: string,
  ): Promise<ClarityValue> {
    return this.run(() => this.vm.callReadOnly(contractId, functionName, args, sender));
  }

  contractInterface(contractId: string): ContractInterface | undefined {
    return this.vm.contractInterface(contractId);
  }

  /** Waits for queued work, then frees the VM and removes the temporary project. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue.run(() => {
      this.closed = true;
    });
    this.vm.dispose();
    await this.project.remove();
  }

  /** Queues a job on the chain; fails once the chain is closed. */
  private run<T>(job: () => T | Promise<T>): Promise<T> {
    return this.queue.run(() => {
      if (this.closed) throw new Error("the devnet is stopped");
      return job();
    });
  }

  private readTokenBalance(token: DevnetToken, principal: string): bigint {
    const result = this.vm.callReadOnly(
      token.contractId,
      "get-balance",
      [Cl.principal(principal)],
      principal,
    );
    if (result.type !== ClarityType.ResponseOk || result.value.type !== ClarityType.UInt) {
      throw new Error(`unexpected get-balance result from ${token.contractId}`);
    }
    return BigInt(result.value.value);
  }
}
