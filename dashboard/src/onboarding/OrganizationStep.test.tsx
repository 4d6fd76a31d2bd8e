import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { OrganizationStep } from "./OrganizationStep.tsx";

const noTenancy = on("GET", "/v1/organizations", { body: { data: [] } });

describe("Get Started step 1: organization and workspace (SPEC.md §2, §5, §8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps Create disabled until org name, org slug and workspace name are filled", async () => {
    stubApi(noTenancy);
    renderApp(<OrganizationStep />, { signedIn: true });
    const create = screen.getByRole("button", {
      name: "Create Organization & Workspace",
    }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Organization name"), "Acme Co");
    expect(create.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Workspace name"), "Main Store");
    expect(create.disabled).toBe(false);
    await userEvent.clear(screen.getByLabelText("Organization slug"));
    expect(create.disabled).toBe(true);
  });

  it("defaults the slugs from the names and hints pay.{host}/{slug}", async () => {
    stubApi(noTenancy);
    renderApp(<OrganizationStep />, { signedIn: true });
    await userEvent.type(screen.getByLabelText("Organization name"), "Acme & Co.");
    await userEvent.type(screen.getByLabelText("Workspace name"), "Main  Store!");
    expect((screen.getByLabelText("Organization slug") as HTMLInputElement).value).toBe("acme-co");
    expect(screen.getByLabelText("Workspace slug (optional)").getAttribute("placeholder")).toBe("main-store");
    expect(screen.getByTestId("org-url-hint").textContent).toBe("pay.localhost/acme-co");
  });

  it("reads 'Creating...' while busy and explains a taken workspace slug", async () => {
    const calls = stubApi(
      noTenancy,
      on("POST", "/v1/organizations", { status: 201, body: { id: "org_1" }, delayMs: 20 }),
      on("POST", "/v1/organizations/org_1/workspaces", apiError(409, "slug_taken")),
    );
    renderApp(<OrganizationStep />, { signedIn: true });
    await userEvent.type(screen.getByLabelText("Organization name"), "Acme");
    await userEvent.type(screen.getByLabelText("Workspace name"), "Shop");
    await userEvent.click(screen.getByRole("button", { name: "Create Organization & Workspace" }));
    expect(screen.getByRole("button", { name: "Creating..." })).toBeTruthy();
    expect(
      await screen.findByText(
        "Workspace slug is already taken within this organization. Please choose a different one.",
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { name: "Acme", slug: "acme" },
      { name: "Shop", slug: "shop" },
    ]);
  });

  it("shows the server's slug error in plain words beside the slug field, and clears it once the slug is edited", async () => {
    const tooShort = apiError(
      400,
      "parameter_invalid",
      "Invalid slug: Too small: expected string to have >=2 characters",
    );
    (tooShort as { body: { error: Record<string, string> } }).body.error.param = "slug";
    stubApi(noTenancy, on("POST", "/v1/organizations", tooShort));
    renderApp(<OrganizationStep />, { signedIn: true });
    await userEvent.type(screen.getByLabelText("Organization name"), "A");
    await userEvent.type(screen.getByLabelText("Workspace name"), "Shop");
    await userEvent.click(screen.getByRole("button", { name: "Create Organization & Workspace" }));
    const slug = screen.getByLabelText("Organization slug");
    const error = await screen.findByText("Slug: Use at least 2 characters");
    expect(slug.getAttribute("aria-describedby")).toContain(error.id);
    expect(document.body.textContent).not.toMatch(/Too small|expected string|Invalid slug/);
    await userEvent.type(slug, "b");
    expect(screen.queryByText("Slug: Use at least 2 characters")).toBeNull();
  });
});
