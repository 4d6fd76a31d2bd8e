import type { z } from "@hono/zod-openapi";
import { INTENT_EVENT_TYPES } from "@spay/protocol";
import type { Deps } from "../../http/context.ts";
import type { OnboardingWebhookSchema } from "../../http/schemas.ts";
import type { WorkspaceScope } from "../access.ts";
import { defaultEnvironment } from "../environments.ts";
import { getEndpoint, registerEndpoint } from "./endpoints.ts";
import { sendSandboxTest } from "./sandbox-test.ts";

export type OnboardingWebhook = z.infer<typeof OnboardingWebhookSchema>;

/** What an endpoint added in Get Started receives: every payment event. */
export const ONBOARDING_ENDPOINT_EVENTS = INTENT_EVENT_TYPES;
export const ONBOARDING_ENDPOINT_DESCRIPTION = "Added in Get Started";

/**
 * Get Started's webhook step. The URL becomes an endpoint of the environment being onboarded (the
 * workspace's sandbox, where its test keys and test payment live), subscribed to the payment
 * events — or, when it already is one there, that endpoint is reused, never duplicated — and the
 * sandbox test is sent to it, signed with its secret and logged among its deliveries. A passed
 * test therefore always stands beside an endpoint that real payments reach.
 */
export async function connectOnboardingWebhook(
  deps: Deps,
  scope: WorkspaceScope,
  url: string,
  ip: string | null,
): Promise<OnboardingWebhook> {
  const sandbox = await defaultEnvironment(deps.db, scope.workspaceId, "sandbox");
  const inSandbox: WorkspaceScope = { ...scope, environmentId: sandbox.id, env: "test" };
  const { endpoint, created } = await registerEndpoint(
    deps,
    inSandbox,
    { url, enabled_events: ONBOARDING_ENDPOINT_EVENTS, description: ONBOARDING_ENDPOINT_DESCRIPTION },
    ip,
  );
  const test = await sendSandboxTest(deps, inSandbox, url);
  // Read again so the endpoint carries the test as its newest attempt; the secret stays as created.
  const logged = await getEndpoint(deps, inSandbox, endpoint.id);
  return {
    object: "onboarding_webhook",
    endpoint: endpoint.secret ? { ...logged, secret: endpoint.secret } : logged,
    created,
    test,
  };
}
