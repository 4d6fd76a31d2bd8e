import type { Product } from "@spay/sdk";
import { apiRequest } from "./http.ts";
import type { Page, WorkspaceAuth } from "./types.ts";

/** What the product editor saves (POST /v1/products, PUT /v1/products/{id}). */
export interface ProductInput {
  name: string;
  description: string | null;
  price_minor: number;
  currency: "usd";
  stock: number;
  view_type: "card" | "button";
  require_email: boolean;
  require_shipping_address: boolean;
  link_active?: boolean;
}

const opts = (auth: WorkspaceAuth) => ({ token: auth.token, workspaceId: auth.workspaceId });

export async function listProducts(auth: WorkspaceAuth): Promise<Product[]> {
  return (await apiRequest<Page<Product>>("/v1/products?limit=100", opts(auth))).data;
}

export function createProduct(auth: WorkspaceAuth, input: ProductInput): Promise<Product> {
  return apiRequest("/v1/products", { ...opts(auth), method: "POST", body: input });
}

export function updateProduct(auth: WorkspaceAuth, id: string, input: ProductInput): Promise<Product> {
  return apiRequest(`/v1/products/${encodeURIComponent(id)}`, { ...opts(auth), method: "PUT", body: input });
}

export function deleteProduct(auth: WorkspaceAuth, id: string): Promise<unknown> {
  return apiRequest(`/v1/products/${encodeURIComponent(id)}`, { ...opts(auth), method: "DELETE" });
}
