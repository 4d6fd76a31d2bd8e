import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiKey } from "../api/types.ts";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { SandboxPaymentStep } from "./SandboxPaymentStep.tsx";
import { WalletStep } from "./WalletStep.tsx";

const ADDRESS = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM";
/** A test key of ws_1 as the server answers it right after creating it (with its full value). */
function createdKey(type: ApiKey["type"], key: string): ApiKey {
  return {
    id: `key_${type}`,
    key_id: `key_${type}`,
    type,
    key_type: type === "pk" ? "publishable" : "secret",
    key,
    key_prefix: key.slice(0, 12),
    name: `${type} key`,
    object: "api_key",
    env: "test",
    workspace_id: "ws_1",
    environment_id: "env_test",
    is_active: true,
    state: "enabled",
    scopes: [],
    created_at: 1,
    last_used_at: null,
    expires_at: null,
  };
}
const publishable = createdKey("pk", "pk_test_abcdefghijkl");
const secret = createdKey("sk", "sk_test_SECRfullsecretvalue");
const { key: _shownOnce, ...secretListed } = secret;

/** The onboarding status as the server reports it, before and after the wallet is verified. */
function status(verified: boolean) {
  return {
    workspace_id: "ws_1",
    onboarding_status: {
      wallet_verified: verified,
      business_info_completed: false,
      api_keys_created: verified,
      webhook_tested: false,
      test_payment_completed: false,
    },
    payout_wallet: { address: verified ? ADDRESS : null, verified_at: verified ? 1 : null },
    business_info: { display_name: null, website: null, description: null },
    api_keys: [],
  };
}

/** The first read answers at once; every later one (a refetch after the write) only after 3 s. */
function slowRefetches(path: string, first: unknown, later: unknown) {
  let reads = 0;
  return on("GET", path, () => (reads++ === 0 ? { body: first } : { body: later, delayMs: 3000 }));
}

/** The injected browser wallet (Leather's `window.LeatherProvider`), answering like the real one. */
function injectWallet() {
  const requests: string[] = [];
  vi.stubGlobal("LeatherProvider", {
    request: vi.fn(async (method: string) => {
      requests.push(method);
      const result =
        method === "getAddresses"
          ? { addresses: [{ symbol: "STX", address: ADDRESS }] }
          : { signature: "0xabcdef", publicKey: "02aa" };
      return { jsonrpc: "2.0", id: "1", result };
    }),
  });
  return requests;
}

describe("Get Started step 2: the payout wallet", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("verifies the signed challenge and shows the wallet and the new test keys from the cache before any refetch", async () => {
    const requests = injectWallet();
    const calls = stubApi(
      on("GET", "/v1/auth/wallet/challenge", {
        body: { message: "Sign in to sPay", nonce: "nonce_1", address: ADDRESS, issued_at: 1, expires_at: 2 },
      }),
      on("POST", "/onboarding/wallet/verify", {
        body: { wallet: { stacks_address: ADDRESS, verified_at: "now" }, api_keys: [publishable, secret] },
      }),
      slowRefetches("/onboarding/status", status(false), status(true)),
      slowRefetches("/v1/workspaces/ws_1/api-keys", { data: [] }, { data: [publishable, secretListed] }),
      ...oneWorkspace(),
    );
    renderApp(
      <>
        <WalletStep />
        <SandboxPaymentStep />
      </>,
      { signedIn: true },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet & Sign" }));
    expect((await screen.findByTestId("wallet-principal")).textContent).toBe(ADDRESS);
    // The secret is shown in full once (revealed, not cached); the publishable key from the cache.
    expect(screen.getByTestId("key-sk").textContent).toContain("sk_test_SECRfullsecretvalue");
    expect(screen.getByTestId("key-pk").textContent).toContain("pk_test_abcdefghijkl");
    expect(requests).toEqual(["getAddresses", "stx_signMessage"]);
    const verify = calls.find((c) => c.path === "/onboarding/wallet/verify");
    expect(verify?.body).toEqual({
      address: ADDRESS,
      signature: "abcdef",
      public_key: "02aa",
      nonce: "nonce_1",
    });
    expect(verify?.headers["x-workspace-id"]).toBe("ws_1");
  });
});
