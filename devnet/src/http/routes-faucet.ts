import { Hono } from "hono";
import { isFaucetAsset, runFaucet } from "../faucet.ts";
import { isTestnetPrincipal } from "../tx/principal.ts";
import type { HttpDeps } from "./deps.ts";

/**
 * POST /extended/v1/faucets/{stx|sbtc|usdc}?address=… (or JSON `{address}`), Hiro's faucet shape:
 * `{success: true, txId, txRaw}`. Devnet extension: `amount` (atomic units) in the query or body.
 */
export function faucetRoutes({ chain }: HttpDeps): Hono {
  const app = new Hono();

  app.post("/extended/v1/faucets/:asset", async (c) => {
    const asset = c.req.param("asset");
    if (!isFaucetAsset(asset)) {
      return c.json({ success: false, error: `unknown faucet ${asset}; use stx, sbtc or usdc` }, 404);
    }
    const body: unknown = await c.req.json().catch(() => undefined);
    const fromBody = (key: string) =>
      body && typeof body === "object" && key in body
        ? String((body as Record<string, unknown>)[key])
        : undefined;
    const address = c.req.query("address") ?? fromBody("address");
    if (!address || !isTestnetPrincipal(address)) {
      return c.json({ success: false, error: "a testnet `address` (ST…) is required" }, 400);
    }
    const rawAmount = c.req.query("amount") ?? fromBody("amount");
    if (rawAmount !== undefined && !/^[1-9][0-9]{0,30}$/.test(rawAmount)) {
      return c.json({ success: false, error: "`amount` must be a positive integer in atomic units" }, 400);
    }
    const result = await runFaucet(
      chain,
      asset,
      address,
      rawAmount === undefined ? undefined : BigInt(rawAmount),
    );
    if (!result.ok) {
      return c.json(
        { success: false, error: `${result.rejection.reason}`, help: JSON.stringify(result.rejection) },
        400,
      );
    }
    return c.json({ success: true, txId: result.txid, txRaw: result.txRaw });
  });

  return app;
}
