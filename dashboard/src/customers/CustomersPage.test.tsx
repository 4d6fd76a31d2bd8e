import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import { createQueryClient, ServerStateProvider } from "../state/query.tsx";
import { apiError, on, oneWorkspace, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { CustomersView } from "./CustomersPage.tsx";
import type { Customer } from "./customers-api.ts";

const auth = { token: "sess_test", workspaceId: "ws_1" };
const ADDRESS = "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5";

function customer(id: string, email: string, overrides: Partial<Customer> = {}): Customer {
  return {
    id,
    object: "customer",
    email,
    address: ADDRESS,
    currency: "usd",
    lifetime_value: 4500,
    total_paid: 5000,
    total_refunded: 500,
    lifetime_value_micros: "45000000",
    total_paid_micros: "50000000",
    total_refunded_micros: "5000000",
    payments_count: 2,
    refunds_count: 1,
    first_payment_at: 1_767_225_600,
    last_payment_at: 1_767_312_000,
    env: "test",
    created_at: 1_767_225_600,
    ...overrides,
  };
}

const ALL = [customer("cus_1", "ada@example.com"), customer("cus_2", "bob@shop.test", { refunds_count: 0 })];

/** GET /v1/customers filters by `search` (email, case-insensitive) like the server does. */
function customersServer(customers: Customer[] = ALL, ...more: Parameters<typeof stubApi>) {
  return stubApi(
    ...more,
    on("GET", "/v1/customers", (call) => {
      const search = new URL(call.path, "http://x").searchParams.get("search")?.toLowerCase() ?? "";
      const data = customers.filter((c) => (c.email ?? "").toLowerCase().includes(search));
      return { body: { object: "list", data, has_more: false } };
    }),
    on("GET", /^\/v1\/customers\/cus_/, (call) => {
      const found = customers.find((c) => call.path.endsWith(c.id));
      return found ? { body: found } : apiError(404, "resource_missing", "No such customer");
    }),
  );
}

function renderCustomers() {
  render(
    <ServerStateProvider client={createQueryClient({ retryDelayMs: 0 })}>
      <CustomersView auth={auth} />
    </ServerStateProvider>,
  );
}

const listCalls = (calls: StubbedCall[]) => calls.filter((c) => c.path.startsWith("/v1/customers?"));

describe("Customers page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists customers with their email, truncated address, counts, lifetime value and last payment", async () => {
    const calls = customersServer();
    renderCustomers();
    const table = await screen.findByTestId("customers-table");
    const row = within(table).getByRole("button", { name: "View customer ada@example.com" }).closest("tr");
    if (!row) throw new Error("no row");
    const cell = (label: string) => row.querySelector(`td[data-label="${label}"]`);
    expect(cell("Address")?.getAttribute("title")).toBe(ADDRESS);
    expect(cell("Address")?.textContent).toBe("ST1SJ3…YPD5");
    expect(cell("Payments")?.textContent).toBe("2");
    expect(cell("Refunds")?.textContent).toBe("1");
    expect(cell("Lifetime value")?.textContent).toBe("$45.00");
    expect(cell("Last payment")?.textContent).toMatch(/2026/);
    expect(table.classList.contains("table-cards")).toBe(true);
    expect(calls[0]?.headers["x-workspace-id"]).toBe("ws_1");
  });

  it("searches by email once typing pauses (one request for the whole word)", async () => {
    const calls = customersServer();
    renderCustomers();
    await screen.findByTestId("customers-table");
    await userEvent.type(screen.getByLabelText("Search customers"), "BOB");
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "View customer ada@example.com" })).toBeNull(),
    );
    expect(screen.getByRole("button", { name: "View customer bob@shop.test" })).toBeTruthy();
    expect(listCalls(calls).map((c) => new URL(c.path, "http://x").searchParams.get("search"))).toEqual([
      null,
      "BOB",
    ]);
  });

  it("says when nothing matches the search", async () => {
    customersServer();
    renderCustomers();
    await screen.findByTestId("customers-table");
    await userEvent.type(screen.getByLabelText("Search customers"), "zed");
    expect(await screen.findByText("No customers match “zed”")).toBeTruthy();
  });

  it("shows the empty state", async () => {
    customersServer([]);
    renderCustomers();
    expect(await screen.findByText("No customers yet")).toBeTruthy();
  });

  it("opens a customer's detail from GET /v1/customers/{id}", async () => {
    const calls = customersServer();
    renderCustomers();
    await userEvent.click(await screen.findByRole("button", { name: "View customer ada@example.com" }));
    const detail = await screen.findByTestId("customer-detail");
    expect(within(detail).getByText("cus_1")).toBeTruthy();
    expect(within(detail).getByText(ADDRESS)).toBeTruthy();
    expect(within(detail).getByText("$50.00")).toBeTruthy();
    expect(within(detail).getByText("$5.00")).toBeTruthy();
    expect(calls.some((c) => c.path === "/v1/customers/cus_1")).toBe(true);
  });

  it("shows a load failure with a retry", async () => {
    stubApi(on("GET", "/v1/customers", apiError(403, "forbidden", "Not allowed")));
    renderCustomers();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load customers: Not allowed");
    expect(within(alert).getByRole("button", { name: /retry/i })).toBeTruthy();
  });
});

describe("the /customers route", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the Customers page to a signed-in merchant", async () => {
    customersServer(ALL, ...oneWorkspace());
    renderApp(<AppRoutes />, { path: "/customers", signedIn: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Customers" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "View customer bob@shop.test" })).toBeTruthy();
  });
});
