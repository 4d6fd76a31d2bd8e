import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/** The caller's IP: the socket address, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip = "unknown";
    const forwarded = trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
    if (forwarded) ip = forwarded;
    else {
      try {
        ip = getConnInfo(c).remote.address ?? "unknown";
      } catch {
        // In-process requests (tests) have no socket.
      }
    }
    c.set("clientIp", ip);
    await next();
  };
}
