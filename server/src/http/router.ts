import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context.ts";
import { validationError } from "./error-handler.ts";
import { isGuarded, reachBeforeRefusing } from "./guard.ts";

/**
 * A router whose zod failures become the API's 400 error object, asked only once the caller is known
 * to reach what the path names (guard.ts). A secured route registered without a guard fails at
 * start-up: no route can forget its access rule.
 */
export function newRouter(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: async (result, c) => {
      if (result.success) return;
      await reachBeforeRefusing(c);
      throw validationError(result.error);
    },
  });
  const register = app.openapi.bind(app);
  app.openapi = ((route, handler, hook) => {
    if (route.security && !isGuarded(route.middleware))
      throw new Error(
        `${route.method.toUpperCase()} ${route.path} is secured but has no access rule (guard)`,
      );
    return register(route, handler, hook);
  }) as typeof app.openapi;
  return app;
}
