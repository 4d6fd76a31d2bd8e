import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { blocksOf, parseChainhookEvent } from "../chain/chainhooks.ts";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { BlockFollower } from "../services/settlement/block-follower.ts";
import { readPosition } from "../services/settlement/chain-position.ts";
import { orphanBlocksAbove } from "../services/settlement/fork.ts";
import { watchedEnvironments } from "../services/settlement/watcher.ts";

/**
 * Optional push: `POST /v1/chainhooks/{test|live}` accepts Hiro Chainhooks 2.0
 * events, so a deployment is told of each block instead of asking for it. Enabled by
 * `SPAY_CHAINHOOKS_SECRET`, which the sender presents as `Authorization: Bearer <secret>` (the
 * consumer secret of the chainhook); absent, the route does not exist. An operator's endpoint,
 * not the merchant API: it is mounted before API-key authentication and left out of the OpenAPI
 * document.
 *
 * A pushed block goes through the same code as a polled one (`BlockFollower.applyBlock`): it
 * applies only on top of the recorded position, so a push that arrives out of order, twice, or
 * ahead of a gap changes nothing (`stale`) and the polling follower catches up. A rollback takes
 * the orphaned blocks' effects back (fork.ts) when the position is inside them.
 */
export function chainhookRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const secret = deps.config.chainhooksSecret;
  if (!secret) return app;
  const expected = digest(secret);

  app.post("/v1/chainhooks/:env", async (c) => {
    const env = c.req.param("env");
    if (env !== "test" && env !== "live")
      throw new ApiError("route_not_found", { message: `Unrecognized request URL (POST: ${c.req.path})` });
    const presented = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected))
      throw new ApiError("authentication_required", {
        message: "Present the chainhook's consumer secret: 'Authorization: Bearer <SPAY_CHAINHOOKS_SECRET>'",
      });
    const body: unknown = await c.req.json().catch(() => {
      throw new ApiError("invalid_json");
    });
    // Nothing to settle on this chain: acknowledged, not applied (the watcher, woken by the next
    // intent, starts near the tip — no intent could have been paid in blocks nobody watched).
    if (!(await watchedEnvironments(deps)).includes(env))
      return c.json({ received: true, rolled_back: 0, applied: 0, stale: 0, watching: false });
    const event = parseChainhookEvent(body);
    if (!event)
      throw new ApiError("parameter_invalid", { message: "The body is not a Chainhooks 2.0 event" });
    const { rollback, apply } = blocksOf(event);
    let rolledBack = 0;
    const oldest = rollback.at(-1);
    if (oldest) {
      const cursor = await readPosition(deps.db, env);
      if (cursor && cursor.height >= oldest.height) {
        const forkPoint = { height: oldest.height - 1, indexBlockHash: oldest.parentIndexBlockHash };
        await orphanBlocksAbove(deps, env, forkPoint, cursor);
        rolledBack = rollback.length;
      }
    }
    const follower = new BlockFollower(deps, deps.chains);
    const tip = apply.at(-1)?.height ?? 0;
    let applied = 0;
    for (const block of apply) if ((await follower.applyBlock(env, block, tip)) === "applied") applied += 1;
    return c.json({
      received: true,
      rolled_back: rolledBack,
      applied,
      stale: apply.length - applied,
      watching: true,
    });
  });
  return app;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
