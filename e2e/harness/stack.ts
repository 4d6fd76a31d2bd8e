/**
 * The product as `pnpm start` runs it (`startGateway` of `@spay/server/testing`: the gateway
 * serving the built dashboard, docs and SDK files on its own origin, with its settlement watcher
 * and webhook worker, on an embedded devnet). Chromium comes from the SDK's browser-test harness;
 * the injected test wallet (signing as the merchant, paying as the customer) and the webhook
 * receiver from the dashboard's: one copy of each in the repository.
 */
export {
  createMerchantAccount,
  gatewayCall as api,
  type Json,
  type RunningGateway as ProductStack,
  startGateway as startProduct,
} from "@spay/server/testing";
export { installTestWallet, WALLETS } from "../../dashboard/test/harness/test-wallet.ts";
export { startWebhookReceiver } from "../../dashboard/test/harness/webhook-receiver.ts";
export { launchChromium } from "../../sdk/test/browser/harness/chromium.ts";
