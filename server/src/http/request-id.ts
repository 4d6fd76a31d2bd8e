import type { MiddlewareHandler } from "hono";
import { newId } from "../domain/ids.ts";
import type { AppEnv } from "./context.ts";

/** Every response carries an X-Request-Id, also echoed in error bodies. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = newId("request");
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
  c.res.headers.set("X-Request-Id", id);
};
