/** The wallet UI behind `loadWalletUi()`; in the drop-in, part of the checkout overlay's chunk. */
import { WalletCheckout } from "./WalletCheckout.js";
import type { WalletUi } from "./walletUi.js";

export const walletUi: WalletUi = { WalletCheckout };
