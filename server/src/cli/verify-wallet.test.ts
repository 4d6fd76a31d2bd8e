import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { ACCOUNTS } from "@spay/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, signUp, startTestApi, type TestApi } from "../../test/harness.ts";
import { verifyWallet } from "./verify-wallet.ts";

let api: TestApi;
let http: { url: string; close(): Promise<void> };
beforeAll(async () => {
  api = await startTestApi();
  http = await api.listen();
});
afterAll(async () => {
  await http?.close();
  await api?.close();
});

describe("spay verify-wallet", () => {
  it("signs the server's payout-wallet challenge with a devnet key and returns the test keys", async () => {
    const { token } = await signUp(api);
    const { workspaceId } = await createWorkspace(api, token);
    const account = ACCOUNTS.find((a) => a.name === "wallet_8")!;
    const { address, keys } = await verifyWallet({
      apiUrl: http.url,
      session: token,
      workspaceId,
      privateKey: account.privateKey,
    });
    expect(address).toBe(account.address);
    expect(keys.map((k) => k.type).sort()).toEqual(["pk", "sk"]);
    const status = await api.request("GET", "/onboarding/status", {
      token,
      headers: { "x-workspace-id": workspaceId },
    });
    expect(status.body.onboarding_status).toMatchObject({ wallet_verified: true });
  });

  it("the CLI (`pnpm spay verify-wallet`) prints the verified address and both test keys", async () => {
    const { token } = await signUp(api);
    const { workspaceId } = await createWorkspace(api, token);
    const cli = fileURLToPath(new URL("./spay.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      cli,
      "verify-wallet",
      "--session",
      token,
      "--workspace",
      workspaceId,
      "--api",
      http.url,
    ]);
    expect(stdout).toContain(
      `Payout wallet ${ACCOUNTS.find((a) => a.name === "wallet_8")!.address} (wallet_8) verified`,
    );
    expect(stdout).toMatch(/secret key\s+sk_test_\S+/);
    expect(stdout).toMatch(/publishable key\s+pk_test_\S+/);
  });

  it("a session that is not the workspace's member is refused with the server's code", async () => {
    const owner = await signUp(api);
    const { workspaceId } = await createWorkspace(api, owner.token);
    const stranger = await signUp(api);
    await expect(
      verifyWallet({
        apiUrl: http.url,
        session: stranger.token,
        workspaceId,
        privateKey: ACCOUNTS[1]!.privateKey,
      }),
    ).rejects.toThrow(/→ (403|404)/);
  });
});
