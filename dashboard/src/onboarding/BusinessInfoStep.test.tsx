import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onboardingQuery } from "../state/merchant-queries.ts";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { apiError, on, oneWorkspace, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { BusinessInfoStep } from "./BusinessInfoStep.tsx";

/** oneWorkspace() with the payout wallet verified (step 3 unlocked). */
function verifiedWorkspace() {
  return [
    on("GET", "/onboarding/status", {
      body: {
        workspace_id: "ws_1",
        onboarding_status: {
          wallet_verified: true,
          business_info_completed: false,
          api_keys_created: false,
          webhook_tested: false,
          test_payment_completed: false,
        },
        payout_wallet: { address: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM", verified_at: 1 },
        business_info: { display_name: "Acme", website: null, description: "Old description" },
        api_keys: [],
      },
    }),
    ...oneWorkspace(),
  ];
}

/** The server's answer (server/src/http/error-handler.ts validationError) for a value over its limit. */
function refuse(call: StubbedCall) {
  const body = call.body as Record<string, string>;
  if ((body.description ?? "").length > 1000)
    return apiError(
      400,
      "parameter_invalid",
      "Invalid description: Too big: expected string to have <=1000 characters",
    );
  if (body.website !== undefined && !/^https?:\/\//.test(body.website))
    return apiError(400, "parameter_invalid", "Invalid website: Invalid URL");
  return {
    body: {
      id: "ws_1",
      business_profile: {
        display_name: "Acme",
        website: body.website ?? null,
        description: body.description ?? null,
      },
    },
  };
}

function withParam(answer: ReturnType<typeof refuse>, param: string) {
  if (typeof answer === "object" && answer.status === 400) {
    const b = answer.body as { error: Record<string, string> };
    b.error.param = param;
  }
  return answer;
}

describe("Get Started step 3: business information errors", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a refused description, shows the server's reason in plain words beside it, and clears it once fixed", async () => {
    stubApi(
      ...verifiedWorkspace(),
      on("PATCH", "/v1/workspaces/ws_1/business-profile", (call) => withParam(refuse(call), "description")),
    );
    renderApp(<BusinessInfoStep />, { signedIn: true });
    const field = (await screen.findByLabelText("Business description")) as HTMLTextAreaElement;
    await vi.waitFor(() => expect(field.disabled).toBe(false));
    expect(screen.getAllByTestId("character-counter").map((c) => c.textContent)).toContain("15 / 1,000");
    const long = "x".repeat(1001);
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste(long);
    expect(screen.getAllByTestId("character-counter").map((c) => c.textContent)).toContain(
      "1,001 / 1,000 — Use at most 1,000 characters",
    );
    await userEvent.tab();
    const error = await screen.findByTestId("businessDescription-error");
    expect(error.textContent).toBe("Use at most 1,000 characters");
    expect(document.body.textContent).not.toMatch(/Too big|expected string|Invalid description/);
    expect(field.value).toBe(long);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toContain(error.id);
    await userEvent.type(field, "{Backspace}");
    expect(screen.queryByTestId("businessDescription-error")).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(screen.queryByTestId("businessDescription-error")).toBeNull();
  });

  it("shows an invalid website's error beside the website field and keeps what was typed", async () => {
    stubApi(
      ...verifiedWorkspace(),
      on("PATCH", "/v1/workspaces/ws_1/business-profile", (call) => withParam(refuse(call), "website")),
    );
    renderApp(<BusinessInfoStep />, { signedIn: true });
    const field = (await screen.findByLabelText("Website URL")) as HTMLInputElement;
    await vi.waitFor(() => expect(field.disabled).toBe(false));
    await userEvent.type(field, "acme dot com");
    await userEvent.tab();
    expect((await screen.findByTestId("websiteUrl-error")).textContent).toBe(
      "Enter a full web address starting with https://",
    );
    expect(field.value).toBe("acme dot com");
  });
});

/** What the workspace's cached onboarding status holds as the website (the cache every screen reads). */
function CachedWebsite() {
  const { data } = useQuery(onboardingQuery(useWorkspaceAuth()));
  return <output data-testid="cached-website">{data?.business_info.website ?? ""}</output>;
}

describe("Get Started step 3: saving", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts the profile the server saved into the onboarding cache, without reading the status again", async () => {
    const calls = stubApi(
      ...verifiedWorkspace(),
      on("PATCH", "/v1/workspaces/ws_1/business-profile", (call) => refuse(call)),
    );
    renderApp(
      <>
        <BusinessInfoStep />
        <CachedWebsite />
      </>,
      { signedIn: true },
    );
    const field = (await screen.findByLabelText("Website URL")) as HTMLInputElement;
    await vi.waitFor(() => expect(field.disabled).toBe(false));
    await userEvent.type(field, "  https://acme.test ");
    await userEvent.tab();
    expect(await screen.findByText("Saved")).toBeTruthy();
    const patch = calls.filter((c) => c.method === "PATCH");
    expect(patch.map((c) => c.body)).toEqual([{ website: "https://acme.test" }]);
    expect(screen.getByTestId("cached-website").textContent).toBe("https://acme.test");
    expect(calls.filter((c) => c.path === "/onboarding/status")).toHaveLength(1);
  });
});
