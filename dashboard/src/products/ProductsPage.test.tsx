import type { Product } from "@spay/sdk";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { PRODUCTS } from "./messages.ts";

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
  payment_link: { id: "plink_1", url: "http://localhost:9/payment-links/plink_1", active: true },
  created_at: 0,
} as unknown as Product;

const catalogue = on("GET", "/v1/products", { body: { object: "list", data: [product], has_more: false } });

describe("Products by role", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers the owner Add, edit and Delete", async () => {
    stubApi(catalogue, ...oneWorkspace("owner"));
    renderApp(<AppRoutes />, { path: "/products", signedIn: true });
    const card = await screen.findByTestId("product-prod_1");
    expect(await within(card).findByRole("button", { name: PRODUCTS.deleteLabel("Poster") })).toBeTruthy();
    expect(within(card).getByRole("button", { name: new RegExp(`^${PRODUCTS.edit} Poster`) })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: PRODUCTS.add }).length).toBeGreaterThan(0);
  });

  it("shows support the catalogue to read: no Add, edit, Delete or test payment, and says whose it is", async () => {
    stubApi(catalogue, ...oneWorkspace("support"));
    renderApp(<AppRoutes />, { path: "/products", signedIn: true });
    const card = await screen.findByTestId("product-prod_1");
    expect((await screen.findByTestId("role-note-catalogue.write")).textContent).toBe(
      "Your role is Support. Only an owner, an admin or a developer can create, change and delete products, their images and payment links.",
    );
    expect(within(card).getByText("Poster")).toBeTruthy();
    expect(within(card).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: PRODUCTS.add })).toBeNull();
  });
});
