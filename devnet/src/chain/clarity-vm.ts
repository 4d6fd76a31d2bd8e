import type { ClarityEvent, Simnet, Tx } from "@stacks/clarinet-sdk";
import { ClarityType, type ClarityValue } from "@stacks/transactions";
import type { SimnetProject } from "./project.ts";

/** One operation of a block, in the form simnet's `mineBlock` takes. */
export type VmOp = Tx;

/** State simnet gets before any block: balances minted out of thin air. */
export type GenesisOp =
  | { readonly kind: "mint-stx"; readonly recipient: string; readonly amount: bigint }
  | {
      readonly kind: "mint-ft";
      readonly contractId: string;
      readonly assetName: string;
      readonly recipient: string;
      readonly amount: bigint;
    };

/** Journal entries of blocks carry the Stacks height they started from, to roll back to a height. */
type JournalEntry =
  | GenesisOp
  | { readonly kind: "block"; readonly ops: readonly VmOp[]; readonly fromHeight: number }
  | { kind: "empty-blocks"; count: number; readonly fromHeight: number };

/** What simnet reports for one operation of a block. */
export interface VmOpResult {
  readonly result: ClarityValue;
  readonly events: readonly ClarityEvent[];
}

/** A contract interface as simnet (and GET /v2/contracts/interface) describes it. */
export type ContractInterface =
  ReturnType<Simnet["getContractsInterfaces"]> extends Map<string, infer I> ? I : never;

let clarinetSdk: Promise<typeof import("@stacks/clarinet-sdk")> | undefined;

/**
 * Loads @stacks/clarinet-sdk on first use. Its entry module sets `BigInt.prototype.toJSON`
 * process-wide; the devnet runs inside the sPay server, so the previous behaviour (JSON.stringify
 * throwing on a bigint) is restored right after, and the patch is only in place during the
 * (synchronous) VM calls that need it (`mineBlock` JSON-encodes its operations, Clarity values
 * included). See `ClarityVm.quiet`.
 */
function loadClarinetSdk(): Promise<typeof import("@stacks/clarinet-sdk")> {
  clarinetSdk ??= (async () => {
    const saved = Object.getOwnPropertyDescriptor(BigInt.prototype, "toJSON");
    try {
      return await import("@stacks/clarinet-sdk");
    } finally {
      restoreBigIntToJson(saved);
    }
  })();
  return clarinetSdk;
}

function restoreBigIntToJson(saved: PropertyDescriptor | undefined): void {
  if (saved) Object.defineProperty(BigInt.prototype, "toJSON", saved);
  else Reflect.deleteProperty(BigInt.prototype, "toJSON");
}

/** Runs `fn` with `BigInt.prototype.toJSON` returning the decimal string, as clarinet-sdk expects. */
function withBigIntJson<T>(fn: () => T): T {
  const saved = Object.getOwnPropertyDescriptor(BigInt.prototype, "toJSON");
  Object.defineProperty(BigInt.prototype, "toJSON", {
    configurable: true,
    writable: true,
    value(this: bigint) {
      return this.toString();
    },
  });
  try {
    return fn();
  } finally {
    restoreBigIntToJson(saved);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The Clarity VM: a clarinet-sdk simnet session plus a journal of everything committed to it.
 *
 * Simnet has no snapshot/rollback, and a block that must not stand (a post-condition failed, or
 * the VM threw) has already changed its state. `rollback()` therefore rebuilds the state: it
 * re-opens the session from clarinet-sdk's in-memory cache of the freshly deployed project (a
 * cheap clone, not a re-deployment) and replays the journal. Execution is deterministic, so
 * the rebuilt state is the committed state. Callers run a block with `runBlock`, inspect the
 * results, then either `commitBlock` (journal it) or `rollback`.
 */
export class ClarityVm {
  private readonly journal: JournalEntry[] = [];
  private interfaces: Map<string, ContractInterface> | undefined;
  /** How many times the state was rebuilt (exposed for tests and diagnostics). */
  rollbacks = 0;
  /** Lines simnet logged during the last VM call (it logs `print` values and runtime errors). */
  lastLog: string[] = [];

  private constructor(
    private readonly sdk: Simnet,
    private readonly project: SimnetProject,
  ) {}

  static async open(project: SimnetProject, genesis: readonly GenesisOp[]): Promise<ClarityVm> {
    // One SDK object per devnet: the sdk's `initSimnet()` shares a single session per process.
    const { getSDK } = await loadClarinetSdk();
    const sdk = await getSDK();
    await sdk.initSession(project.dir, project.manifestPath, null);
    const vm = new ClarityVm(sdk, project);
    vm.quiet(() => {
      for (const op of genesis) {
        vm.apply(op);
        vm.journal.push(op);
      }
    });
    return vm;
  }

  get stacksBlockHeight(): number {
    return this.sdk.stacksBlockHeight;
  }

  get burnBlockHeight(): number {
    return this.sdk.burnBlockHeight;
  }

  /** Runs the operations as one new Stacks block. Throws if the VM rejects an operation outright. */
  runBlock(ops: readonly VmOp[]): VmOpResult[] {
    return this.quiet(() => this.sdk.mineBlock([...ops]));
  }

  /** Records a block that `runBlock` executed and that stands. */
  commitBlock(ops: readonly VmOp[]): void {
    this.journal.push({ kind: "block", ops, fromHeight: this.sdk.stacksBlockHeight - 1 });
  }

  /** Mines an empty block (a new burn block, which simnet also counts as a Stacks block). */
  mineEmptyBlock(): void {
    const fromHeight = this.sdk.stacksBlockHeight;
    this.quiet(() => this.sdk.mineEmptyBurnBlock());
    if (this.sdk.stacksBlockHeight !== fromHeight + 1) {
      throw new Error(
        `an empty block moved the Stacks height from ${fromHeight} to ${this.sdk.stacksBlockHeight}`,
      );
    }
    const last = this.journal.at(-1);
    if (last?.kind === "empty-blocks" && last.fromHeight + last.count === fromHeight) last.count += 1;
    else this.journal.push({ kind: "empty-blocks", count: 1, fromHeight });
  }

  /** Throws away every uncommitted change: rebuilds the committed state (see the class comment). */
  async rollback(): Promise<void> {
    await this.sdk.initSession(this.project.dir, this.project.manifestPath, null);
    this.quiet(() => {
      for (const entry of this.journal) this.apply(entry);
    });
    this.rollbacks += 1;
  }

  /**
   * Forgets every committed block above `height` and rebuilds the state as it was at that height
   * (a fork point): the journal is cut there and replayed. Throws if the replay does not land on it.
   */
  async rollbackTo(height: number): Promise<void> {
    const kept: JournalEntry[] = [];
    for (const entry of this.journal) {
      if (entry.kind === "block") {
        if (entry.fromHeight + 1 <= height) kept.push(entry);
      } else if (entry.kind === "empty-blocks") {
        const count = Math.min(entry.count, height - entry.fromHeight);
        if (count > 0) kept.push({ ...entry, count });
      } else kept.push(entry);
    }
    this.journal.splice(0, this.journal.length, ...kept);
    await this.rollback();
    if (this.sdk.stacksBlockHeight !== height) {
      throw new Error(`rolled back to Stacks height ${this.sdk.stacksBlockHeight}, expected ${height}`);
    }
  }

  stxBalance(principal: string): bigint {
    const { result } = this.quiet(() => this.sdk.execute(`(stx-get-balance '${principal})`));
    if (result.type !== ClarityType.UInt) throw new Error(`unexpected stx-get-balance result ${result.type}`);
    return BigInt(result.value);
  }

  /** Calls a read-only function (no block is mined, nothing is written). */
  callReadOnly(contractId: string, functionName: string, args: ClarityValue[], sender: string): ClarityValue {
    return this.quiet(() => this.sdk.callReadOnlyFn(contractId, functionName, args, sender)).result;
  }

  contractInterface(contractId: string): ContractInterface | undefined {
    this.interfaces ??= this.sdk.getContractsInterfaces();
    return this.interfaces.get(contractId);
  }

  /** Frees the simnet session (its WASM memory). The VM must not be used afterwards. */
  dispose(): void {
    this.sdk.free();
  }

  contractSource(contractId: string): string | undefined {
    return this.sdk.getContractSource(contractId);
  }

  private apply(entry: JournalEntry): void {
    switch (entry.kind) {
      case "mint-stx":
        this.sdk.mintSTX(entry.recipient, entry.amount);
        return;
      case "mint-ft":
        this.sdk.mintFT(`${entry.contractId}.${entry.assetName}`, entry.recipient, entry.amount);
        return;
      case "block":
        this.sdk.mineBlock([...entry.ops]);
        return;
      case "empty-blocks":
        this.sdk.mineEmptyBurnBlocks(entry.count);
        return;
    }
  }

  /**
   * Runs a synchronous VM call with console output captured: simnet's logger hook writes every
   * `print` value and runtime error to console.log/console.error, which would flood the
   * devnet's output. The lines are kept in `lastLog`. Also provides the bigint JSON encoding the
   * SDK relies on, for the duration of the call only.
   */
  private quiet<T>(fn: () => T): T {
    const saved = { log: console.log, error: console.error, warn: console.warn };
    const lines: string[] = [];
    const capture = (...parts: unknown[]) => {
      lines.push(parts.map((p) => (typeof p === "string" ? p : errorMessage(p))).join(" "));
    };
    console.log = capture;
    console.error = capture;
    console.warn = capture;
    try {
      return withBigIntJson(fn);
    } finally {
      console.log = saved.log;
      console.error = saved.error;
      console.warn = saved.warn;
      this.lastLog = lines;
    }
  }
}
