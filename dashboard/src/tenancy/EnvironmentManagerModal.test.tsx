import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Environment } from "../api/types.ts";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { EnvironmentManagerModal } from "./EnvironmentManagerModal.tsx";
import { EnvironmentsProvider } from "./environments.tsx";

const env = (id: string, name: string, type: "sandbox" | "production" = "sandbox"): Environment => ({
  id,
  object: "environment",
  workspace_id: "ws_1",
  name,
  type,
  env: type === "sandbox" ? "test" : "live",
  confirmations_required: 1,
  created_at: 1_767_225_600,
});

function open(environments: Environment[], ...extra: Parameters<typeof stubApi>) {
  const calls = stubApi(
    ...oneWorkspace(),
    on("GET", "/api/environments", { body: { data: environments } }),
    ...extra,
  );
  renderApp(
    <EnvironmentsProvider>
      <EnvironmentManagerModal onClose={() => {}} />
    </EnvironmentsProvider>,
    { signedIn: true },
  );
  return calls;
}

describe("environment manager (SPEC.md §2, §5, §8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("with exactly one environment shows 'Cannot delete last environment' and disables Delete", async () => {
    open([env("env_1", "default")]);
    expect(await screen.findByText("Cannot delete last environment")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Delete default" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Current")).toBeTruthy();
  });

  it("groups Sandbox and Production with their created dates", async () => {
    open([env("env_1", "default"), env("env_2", "live-eu", "production")]);
    const production = await screen.findByRole("region", { name: "Production" });
    expect(within(production).getByRole("button", { name: "live-eu" })).toBeTruthy();
    expect(screen.getAllByText("Created January 1, 2026")).toHaveLength(2);
  });

  it("shows the empty state with 'Create First Environment'", async () => {
    open([]);
    expect(await screen.findByText("No environments found")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create First Environment" })).toBeTruthy();
  });

  it("keeps Save disabled while the new name is empty or unchanged", async () => {
    open([env("env_1", "default"), env("env_2", "qa")]);
    await userEvent.click(await screen.findByRole("button", { name: "Rename qa" }));
    const dialog = screen.getByRole("dialog", { name: "Rename Environment" });
    const save = within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.clear(within(dialog).getByLabelText("New Name"));
    expect(save.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText("New Name"), "staging");
    expect(save.disabled).toBe(false);
  });

  it("names the environment in the delete confirmation and shows the server's refusal", async () => {
    open(
      [env("env_1", "default"), env("env_2", "qa")],
      on("DELETE", "/api/environments/env_2", apiError(409, "cannot_delete_last_environment")),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Delete qa" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Environment" });
    expect(within(dialog).getByText(/"qa".*products, payments, payment intents/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByText("Cannot delete the last environment")).toBeTruthy();
  });

  it("validates a new environment's name before calling the server", async () => {
    const calls = open([env("env_1", "default")]);
    await userEvent.click(await screen.findByRole("button", { name: "Create Environment" }));
    const dialog = screen.getByRole("dialog", { name: "Create Environment" });
    await userEvent.type(within(dialog).getByLabelText("Name"), "x".repeat(51));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Environment" }));
    expect(within(dialog).getByText("Environment name must be at most 50 characters")).toBeTruthy();
    expect((within(dialog).getByLabelText("Type") as HTMLSelectElement).value).toBe("sandbox");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
