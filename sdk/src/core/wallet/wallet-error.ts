/**
 * A wallet's JSON-RPC failure (SPEC.md §8 codes). The message is SPEC.md's text for the code
 * (`User canceled the request` for -31001); the wallet's own words stay in `detail`. In a module
 * of its own, shared by the wallet chunk and the checkout (`instanceof` holds across chunks).
 */
export class WalletError extends Error {
  override readonly name = "WalletError";
  readonly code: number;
  /** What the wallet itself said, when it differs from the mapped text. */
  readonly detail: string | undefined;

  constructor(message: string, code: number, options: { detail?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.detail = options.detail;
  }
}
