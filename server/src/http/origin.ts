import type { Context } from "hono";
import type { RequestOrigin } from "../services/auth.ts";
import type { AppEnv } from "./context.ts";

/** Longest User-Agent kept with a session: enough to name any real browser, bounded for the rest. */
const MAX_USER_AGENT = 512;

/** Where a request came from: its address (as the proxy settings allow) and what program sent it. */
export function requestOrigin(c: Context<AppEnv>): RequestOrigin {
  return { ip: c.get("clientIp"), userAgent: c.req.header("user-agent")?.slice(0, MAX_USER_AGENT) ?? null };
}
