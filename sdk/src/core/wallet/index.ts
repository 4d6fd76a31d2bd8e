import { lazyModule } from "../lazy.js";
import type { WalletInfo } from "../types.js";
import type { PayableIntent } from "./transfer.js";

// The light half of the wallet code (no @stacks/connect), for the picker and error handling.
export { isUserRejection, toWalletError, userCanceled, WalletError } from "./errors.js";
export {
  defaultWalletId,
  getSelectedWalletId,
  KNOWN_WALLETS,
  listWallets,
  type StacksProviderLike,
  setSelectedWalletId,
} from "./providers.js";

/** The wallet calls of the checkout, loaded on demand with {@link loadWallet}. */
export interface WalletModule {
  /** `getAddresses`: the payer's Stacks address (`WALLET_MESSAGES.noStacksAddress` when the wallet has none). */
  connect(walletId?: WalletInfo["id"]): Promise<{ stxAddress: string }>;
  /** `stx_signMessage`. */
  signMessage(
    message: string,
    walletId?: WalletInfo["id"],
  ): Promise<{ signature: string; publicKey: string }>;
  /**
   * The SIP-010 transfer an intent asks for (`stx_callContract`, memo, `willSendEq` post-condition,
   * deny mode). Pass `sender` when already connected to skip the address request, or `from` to
   * send only from that address: the wallet must present it (else a `WalletError`
   * `PAY_FROM_MESSAGES.wrongAccount`, nothing sent).
   */
  payIntent(
    intent: PayableIntent,
    walletId?: WalletInfo["id"],
    options?: { sender?: string; from?: string },
  ): Promise<{ txid: string }>;
}

const walletChunk = lazyModule<{ walletModule: WalletModule }>(() => import("./connect.js"));

/**
 * Where {@link loadWallet} imports the wallet module from, instead of the bundled chunk (e.g. a
 * self-hosted ESM build of it). `null` restores the default.
 */
export function setWalletModuleUrl(url: string | null): void {
  walletChunk.setUrl(url);
}

/**
 * Loads the wallet module (and `@stacks/connect` with it) on first use. Only wallet payment and
 * sign-in call this: the QR path never downloads the wallet code.
 */
export function loadWallet(): Promise<WalletModule> {
  return walletChunk.load().then((mod) => mod.walletModule);
}
