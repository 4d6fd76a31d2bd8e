/**
 * Serves index.html with its placeholders filled in from the environment: the gateway's URL, the
 * workspace's publishable key and the two products to sell. Any static host works the same once
 * the placeholders are replaced; this is the smallest one.
 *
 *   SPAY_GATEWAY_URL=http://localhost:8787 SPAY_PUBLISHABLE_KEY=pk_test_… \
 *     PRODUCT_IDS=prod_…,prod_… PORT=4000 pnpm start
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const gatewayUrl = (process.env.SPAY_GATEWAY_URL ?? "http://localhost:8787").replace(/\/$/, "");
const publishableKey = process.env.SPAY_PUBLISHABLE_KEY ?? "";
if (!publishableKey.startsWith("pk_"))
  throw new Error("Set SPAY_PUBLISHABLE_KEY to your workspace's publishable key (pk_test_…)");
const productIds = (process.env.PRODUCT_IDS ?? "").split(",").map((id) => id.trim());
if (productIds.length !== 2 || productIds.some((id) => !id))
  throw new Error("Set PRODUCT_IDS to the two products to sell, comma-separated (prod_…,prod_…)");

/** Values go into HTML attributes: escaped. */
const htmlAttr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const values: Record<string, string> = {
  SPAY_GATEWAY_URL: gatewayUrl,
  SPAY_PUBLISHABLE_KEY: publishableKey,
  PRODUCT_ID_1: productIds[0]!,
  PRODUCT_ID_2: productIds[1]!,
};
const page = readFileSync(new URL("./index.html", import.meta.url), "utf8").replace(
  /\{\{(\w+)\}\}/g,
  (placeholder, name: string) => (name in values ? htmlAttr(values[name]!) : placeholder),
);

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? "/", "http://localhost");
  if (req.method !== "GET" || (pathname !== "/" && pathname !== "/index.html")) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return;
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
});

server.listen(Number(process.env.PORT ?? 4000), "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`Shop on http://127.0.0.1:${port} (sPay gateway ${gatewayUrl})`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
