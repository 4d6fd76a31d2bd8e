/**
 * A gateway with one merchant and product, in its own process, for tests that run in jsdom (where
 * the server cannot be imported). Prints `{apiUrl, pk, productId}` as one JSON line; stops on SIGTERM.
 */
import { createMerchantWithProduct } from "./merchant.ts";
import { startStack } from "./stack.ts";

const stack = await startStack();
const merchant = await createMerchantWithProduct(stack.apiUrl, process.argv[2] ?? "Test product");
console.log(JSON.stringify({ apiUrl: stack.apiUrl, pk: merchant.pk, productId: merchant.product.id }));
process.on("SIGTERM", () => {
  void stack.close().then(() => process.exit(0));
});
