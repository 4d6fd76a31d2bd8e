/**
 * The wallet UI loaded by `loadWalletUi()`: its own chunk in the package, and part of
 * `spay-wallet-ui.js` in the drop-in (with Preact taken from spay.js, see src/dropin/sharedModules.ts).
 */
import { WalletCheckout } from "./WalletCheckout.js";
import type { WalletUi } from "./walletUi.js";

export const walletUi: WalletUi = { WalletCheckout };
