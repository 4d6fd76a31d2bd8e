/**
 * `spay-wallet-ui.js`, what the drop-in loads on the first wallet payment: the checkout
 * controller's wallet steps and the wallet picker. It renders with spay.js's Preact and uses its
 * API error class (see sharedModules.ts). It imports the wallet module, `spay-wallet.js` with
 * `@stacks/connect`, from next to itself, and lends it `WalletError`.
 */
export { payWithWallet } from "../core/checkout-wallet.js";
export { WalletError } from "../core/wallet/wallet-error.js";
export { walletUi } from "../ui/checkout/walletUiModule.js";
