import type { Product } from "@spay/sdk";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { ProductEditorModal } from "./ProductEditorModal.tsx";

const product = {
  id: "prod_1",
  object: "product",
  name: "Poster",
  description: null,
  price_minor: 700,
  price: 7,
  currency: "usd",
  stock: 3,
  view_type: "card",
  require_email: false,
  require_shipping_address: false,
  // The server's link URL names another host than the one the dashboard was opened at.
  payment_link: { id: "plink_1", url: "http://localhost:9/payment-links/plink_1", active: true },
  created_at: 0,
} as unknown as Product;

const auth = { token: "sess_test", workspaceId: "ws_1" };

/** The editor for `editing` (null: a new product), as the Products page opens it. */
function renderEditor(editing: Product | null, onSaved: (p: Product) => void = () => {}) {
  renderApp(
    <ProductEditorModal
      auth={auth}
      product={editing}
      merchantName="Acme"
      publishableKey="pk_test_1"
      onSaved={onSaved}
      onClose={() => {}}
    />,
  );
}

describe("product editor", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("'Open payment link' and the URL snippet share one base URL", async () => {
    stubApi();
    renderEditor(product);
    const link = screen.getByTestId("payment-link-url") as HTMLAnchorElement;
    expect(link.href).toBe(`${window.location.origin}/payment-links/plink_1`);
    await userEvent.click(screen.getByText("Integration Code"));
    await userEvent.click(screen.getByRole("tab", { name: "URL" }));
    expect(screen.getByTestId("snippet").textContent).toContain(link.href);
  });

  it("refuses a $0 price with the link active, in plain words beside the price, and clears it once fixed", async () => {
    const calls = stubApi();
    renderEditor(null);
    await userEvent.type(screen.getByLabelText("Product name"), "Freebie");
    await userEvent.type(screen.getByLabelText("Price"), "0");
    await userEvent.type(screen.getByLabelText("Stock"), "5");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    expect(screen.getByText("Enter a price above $0: a payment link cannot charge $0")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    await userEvent.clear(screen.getByLabelText("Price"));
    await userEvent.type(screen.getByLabelText("Price"), "5");
    expect(screen.queryByText("Enter a price above $0: a payment link cannot charge $0")).toBeNull();
  });

  it("shows the server's refusal of a price beside the price field", async () => {
    const refused = apiError(
      400,
      "product_price_required",
      "A product sold through an active payment link needs a price above $0",
    );
    (refused as { body: { error: Record<string, string> } }).body.error.param = "price_minor";
    stubApi(on("POST", "/v1/products", refused));
    renderEditor(null);
    await userEvent.type(screen.getByLabelText("Product name"), "Poster");
    await userEvent.type(screen.getByLabelText("Price"), "5");
    await userEvent.type(screen.getByLabelText("Stock"), "5");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    const error = await screen.findByText(
      "A product sold through an active payment link needs a price above $0",
    );
    expect(screen.getByLabelText("Price").getAttribute("aria-describedby")).toBe(error.id);
  });

  it("confirms a save in a status line (the editor stays open with its link), and an edit clears it", async () => {
    stubApi(on("POST", "/v1/products", () => ({ status: 201, body: product })));
    const onSaved = vi.fn();
    renderEditor(null, onSaved);
    expect(screen.getByTestId("product-saved").textContent).toBe("");
    await userEvent.type(screen.getByLabelText("Product name"), "Poster");
    await userEvent.type(screen.getByLabelText("Price"), "7");
    await userEvent.type(screen.getByLabelText("Stock"), "3");
    await userEvent.click(screen.getByRole("button", { name: "Save Product" }));
    const status = screen.getByTestId("product-saved");
    await vi.waitFor(() => expect(status.textContent).not.toBe(""));
    expect(status.getAttribute("role")).toBe("status");
    expect(status.textContent).toBe(
      "Product created. Its payment link and integration code are ready below.",
    );
    expect(onSaved).toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText("Stock"), "0");
    expect(screen.getByTestId("product-saved").textContent).toBe("");
  });
});
