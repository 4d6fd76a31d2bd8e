import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ApiKey } from "../api/types.ts";
import { X402_FACILITATOR } from "./messages.ts";
import { facilitatorKey, X402FacilitatorBlock } from "./X402FacilitatorSection.tsx";

const ORIGIN = "https://pay.example";
const PK = "pk_test_0123456789abcdefghijklmnopqrstuv";

const key = (over: Partial<ApiKey>): ApiKey => ({
  id: "key_1",
  object: "api_key",
  workspace_id: "ws_1",
  environment_id: "env_1",
  type: "pk",
  key_type: "publishable",
  name: "Publishable Key",
  env: "test",
  key: PK,
  key_prefix: "pk_test_0123",
  key_id: "key_1",
  state: "enabled",
  is_active: true,
  scopes: [],
  created_at: 1,
  last_used_at: null,
  expires_at: null,
  ...over,
});

describe("x402 facilitator URL block", () => {
  it("shows both facilitator URLs for the environment's publishable key, each with a named Copy button", () => {
    render(<X402FacilitatorBlock publishableKey={PK} env="test" origin={ORIGIN} />);
    expect(screen.getByTestId("x402-url-mempool").textContent).toBe(`${ORIGIN}/x402/${PK}`);
    expect(screen.getByTestId("x402-url-confirmed").textContent).toBe(`${ORIGIN}/x402/${PK}/confirmed`);
    expect(screen.getByRole("button", { name: "Copy x402 facilitator URL" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy x402 facilitator URL (confirmed)" })).toBeTruthy();
    expect(screen.getByText(X402_FACILITATOR.explain)).toBeTruthy();
    expect(screen.getByText("Test key: settles on testnet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "x402 Protocol docs" }).getAttribute("href")).toBe(
      "/docs/x402-protocol",
    );
    expect(screen.queryByTestId("x402-no-key")).toBeNull();
  });

  it("copies a URL from the keyboard", async () => {
    const user = userEvent.setup();
    render(<X402FacilitatorBlock publishableKey={PK} env="live" origin={ORIGIN} />);
    await user.tab(); // the first Copy button
    await user.tab(); // the /confirmed one
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "Copy x402 facilitator URL (confirmed)" }),
    );
    await user.keyboard("{Enter}");
    expect(await navigator.clipboard.readText()).toBe(`${ORIGIN}/x402/${PK}/confirmed`);
    expect(
      await screen.findByRole("button", { name: "Copied! x402 facilitator URL (confirmed)" }),
    ).toBeTruthy();
  });

  it("shows a hint instead of URLs without a publishable key", () => {
    render(<X402FacilitatorBlock publishableKey={undefined} env={undefined} origin={ORIGIN} />);
    expect(screen.getByTestId("x402-no-key").textContent).toBe(X402_FACILITATOR.noKey);
    expect(screen.queryByTestId("x402-url-mempool")).toBeNull();
    expect(screen.queryByRole("button", { name: /Copy/ })).toBeNull();
  });

  it("takes the current environment's active publishable key with its full value", () => {
    const other = key({ id: "key_other", environment_id: "env_2", key: "pk_live_other", env: "live" });
    const secret = key({ id: "key_sk", type: "sk", key_type: "secret", key: "sk_test_x" });
    const revoked = key({ id: "key_rev", state: "revoked", is_active: false, key: "pk_test_revoked" });
    const noValue = key({ id: "key_novalue", key: undefined });
    const wanted = key({});
    const keys = [other, secret, revoked, noValue, wanted];
    expect(facilitatorKey(keys, "env_1")?.id).toBe("key_1");
    expect(facilitatorKey(keys, "env_2")?.id).toBe("key_other");
    expect(facilitatorKey(keys, "env_3")).toBeUndefined();
    expect(facilitatorKey(keys, undefined)?.id).toBe("key_other");
    expect(facilitatorKey([secret, revoked], "env_1")).toBeUndefined();
  });
});
