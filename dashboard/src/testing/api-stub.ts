import { vi } from "vitest";

export interface StubbedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer =
  | { status?: number; body?: unknown; delayMs?: number; headers?: Record<string, string> }
  | "network-error";
type Route = (call: StubbedCall) => Answer | undefined;

/**
 * Component tests answer the dashboard's API calls here (the end-to-end tests use the real server).
 * `routes` are tried in order; an unanswered call fails the test loudly with a 404 route_not_found.
 */
export function stubApi(...routes: Route[]): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      const call: StubbedCall = {
        method: init.method ?? "GET",
        path: `${url.pathname}${url.search}`,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const answer = routes.map((r) => r(call)).find((a) => a !== undefined) ?? {
        status: 404,
        body: { error: { type: "invalid_request_error", code: "route_not_found", message: call.path } },
      };
      if (answer === "network-error") throw new TypeError("Failed to fetch");
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { "content-type": "application/json", ...answer.headers },
      });
    }),
  );
  return calls;
}

/**
 * Answers `method path` (path without query, or a RegExp) with `answer`; an answer function that
 * returns undefined lets the next route answer (a refusal until some state changes).
 */
export function on(
  method: string,
  path: string | RegExp,
  answer: Answer | ((call: StubbedCall) => Answer | undefined),
): Route {
  return (call) => {
    const bare = call.path.split("?")[0] ?? "";
    const matches = typeof path === "string" ? bare === path : path.test(bare);
    if (call.method !== method || !matches) return undefined;
    return typeof answer === "function" ? answer(call) : answer;
  };
}

export function apiError(
  status: number,
  code: string,
  message = code,
  extra: { param?: string; headers?: Record<string, string> } = {},
): Answer {
  const param = extra.param ? { param: extra.param } : {};
  return {
    status,
    body: { error: { type: "invalid_request_error", code, message, request_id: "req_test", ...param } },
    ...(extra.headers ? { headers: extra.headers } : {}),
  };
}

/**
 * A signed-in merchant with one organization and one workspace (ws_1), nothing onboarded yet; the
 * organization's owner unless `role` says otherwise.
 */
export function oneWorkspace(role: "owner" | "admin" | "developer" | "support" = "owner"): Route[] {
  const ws = {
    id: "ws_1",
    organization_id: "org_1",
    organization_name: "Acme",
    name: "Shop",
    slug: "shop",
    user_count: 1,
    stacks_address: null,
    bitcoin_payment_address: null,
    bitcoin_ordinals_address: null,
    business_profile: { display_name: null, website: null, description: null },
    created_at: 0,
  };
  const org = {
    id: "org_1",
    name: "Acme",
    slug: "acme",
    description: null,
    user_count: 1,
    workspace_count: 1,
    role,
    created_at: 0,
  };
  return [
    on("GET", "/v1/organizations", { body: { data: [org] } }),
    on("GET", "/v1/organizations/org_1/workspaces", { body: { data: [ws] } }),
    on("GET", "/onboarding/status", {
      body: {
        workspace_id: "ws_1",
        onboarding_status: {
          wallet_verified: false,
          business_info_completed: false,
          api_keys_created: false,
          webhook_tested: false,
          test_payment_completed: false,
        },
        payout_wallet: { address: null, verified_at: null },
        business_info: { display_name: null, website: null, description: null },
        api_keys: [],
      },
    }),
    on("GET", "/v1/workspaces/ws_1/api-keys", { body: { data: [] } }),
  ];
}
