import type { ComponentType } from "react";
import { lazyModule } from "../../core/lazy.js";
import type { WalletCheckoutProps } from "./WalletCheckout.js";
import { walletUi as bundledWalletUi } from "./walletUiModule.js";

/** The wallet half of the checkout UI, which the QR path never needs: loaded for a wallet payment. */
export interface WalletUi {
  /** The checkout's wallet mode: paying or picking a wallet, and the overlay with the wallet steps. */
  WalletCheckout: ComponentType<WalletCheckoutProps>;
}

const walletUiChunk = lazyModule({ walletUi: bundledWalletUi });

/** The wallet UI if bundled in or already loaded, else null. */
export const walletUi = (): WalletUi | null => walletUiChunk.current()?.walletUi ?? null;

/** Loads the wallet UI (the wallet mode of the checkout, with the picker) on first use. */
export const loadWalletUi = (): Promise<WalletUi> => walletUiChunk.load().then((mod) => mod.walletUi);
