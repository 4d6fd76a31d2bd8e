import { WALLET_ERROR_CODES, WALLET_ERROR_MESSAGES } from "../messages.js";
import { WalletError } from "./wallet-error.js";

export { WalletError };

/** The error the wallet picker reports when the payer presses Esc or Cancel. */
export function userCanceled(): WalletError {
  return new WalletError(
    WALLET_ERROR_MESSAGES[WALLET_ERROR_CODES.userCanceled]!,
    WALLET_ERROR_CODES.userCanceled,
  );
}

/** True when the payer backed out (rejected in the wallet or canceled the picker). */
export function isUserRejection(err: unknown): boolean {
  return (
    err instanceof WalletError &&
    (err.code === WALLET_ERROR_CODES.userCanceled || err.code === WALLET_ERROR_CODES.userRejection)
  );
}

interface RpcErrorLike {
  code?: unknown;
  message?: unknown;
  error?: unknown;
}

/**
 * Maps anything a wallet call threw — `@stacks/connect`'s `JsonRpcError`, a raw JSON-RPC response
 * `{error: {code, message}}`, an error object, a bare code or a string — to a {@link WalletError}.
 * Unknown failures get code -31000 (unknown error) and keep their message.
 */
export function toWalletError(err: unknown): WalletError {
  if (err instanceof WalletError) return err;
  if (typeof err === "number") return fromCode(err, undefined, err);
  if (typeof err === "string")
    return new WalletError(err || unknownText(), WALLET_ERROR_CODES.unknown, { cause: err });
  if (typeof err === "object" && err !== null) {
    const like = err as RpcErrorLike;
    if (typeof like.error === "object" && like.error !== null && !(err instanceof Error)) {
      return toWalletError(like.error);
    }
    const message = typeof like.message === "string" ? like.message : undefined;
    const code = typeof like.code === "number" ? like.code : Number.NaN;
    if (Number.isInteger(code)) return fromCode(code, message, err);
    return new WalletError(message || unknownText(), WALLET_ERROR_CODES.unknown, { cause: err });
  }
  return new WalletError(unknownText(), WALLET_ERROR_CODES.unknown, { cause: err });
}

function fromCode(code: number, message: string | undefined, cause: unknown): WalletError {
  const known = WALLET_ERROR_MESSAGES[code];
  if (known) {
    return new WalletError(known, code, {
      cause,
      ...(message && message !== known ? { detail: message } : {}),
    });
  }
  return new WalletError(message || unknownText(), code, { cause });
}

function unknownText(): string {
  return WALLET_ERROR_MESSAGES[WALLET_ERROR_CODES.unknown]!;
}
