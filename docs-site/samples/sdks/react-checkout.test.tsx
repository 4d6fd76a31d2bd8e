// @vitest-environment jsdom
/** The React sample, rendered against a real gateway: the card and the button show the product. */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { cleanup, render, screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
let server: ChildProcess;
let gateway: { apiUrl: string; pk: string; productId: string };

beforeAll(async () => {
  // jsdom replaces Node's URL, which the server's config needs: the gateway runs in its own process.
  server = spawn(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["test/harness/serve-merchant.ts", "Docs Sample Beans"],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  gateway = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line));
    });
    server.on("exit", (code) => reject(new Error(`test gateway exited with ${code}`)));
  });
  vi.stubEnv("VITE_SPAY_PUBLISHABLE_KEY", gateway.pk);
  vi.stubEnv("VITE_SPAY_API_URL", gateway.apiUrl);
});

afterAll(async () => {
  cleanup();
  vi.unstubAllEnvs();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
});

describe("samples/sdks/react-checkout.tsx", () => {
  it("renders the product's checkout card and buy button from the API", async () => {
    const { Shop } = await import("./react-checkout.tsx");
    render(<Shop productId={gateway.productId} />);
    expect((await screen.findAllByText("Docs Sample Beans", {}, { timeout: 10_000 })).length).toBeGreaterThan(
      0,
    );
    expect(await screen.findByRole("button", { name: /Buy \$19\.99/ })).toBeTruthy();
  });
});
