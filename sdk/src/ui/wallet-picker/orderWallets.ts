import type { WalletInfo } from "../../core/types.js";

/** Installed wallets first; otherwise the known order (Leather, Xverse, Asigna, Fordefi) is kept. */
export function orderWallets(wallets: readonly WalletInfo[]): WalletInfo[] {
  return [...wallets.filter((w) => w.installed), ...wallets.filter((w) => !w.installed)];
}
