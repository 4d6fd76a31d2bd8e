import type { Context } from "hono";
import type { DevnetChain } from "../chain/devnet-chain.ts";
import type { ChainhooksPusher } from "../chainhooks/pusher.ts";
import { isTestnetPrincipal } from "../tx/principal.ts";

/** What the HTTP routes share. */
export interface HttpDeps {
  readonly chain: DevnetChain;
  readonly blockMs: number;
  /** Where Chainhooks events go (POST/DELETE /devnet/chainhooks reconfigure it). */
  readonly chainhooks: ChainhooksPusher;
}

/** Hiro-style client error: `{error, message?}`. */
export function badRequest(c: Context, error: string, message?: string): Response {
  return c.json({ error, ...(message ? { message } : {}) }, 400);
}

/** The `:principal` path parameter, if it is a testnet principal. */
export function principalParam(c: Context): string | undefined {
  const principal = c.req.param("principal") ?? "";
  return isTestnetPrincipal(principal) ? principal : undefined;
}

/** A non-negative integer query parameter, clamped to [0, max]. */
export function intQuery(c: Context, name: string, fallback: number, max: number): number {
  const raw = c.req.query(name);
  const value = raw === undefined ? fallback : Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value < 0) return fallback;
  return Math.min(value, max);
}

export const u128Hex = (value: bigint) => `0x${value.toString(16).padStart(32, "0")}`;

/** A 20-byte hash derived from a label (consensus hashes and keys in /v2/info). */
export function hash20(hex: string): string {
  return hex.replace(/^0x/, "").slice(0, 40);
}
