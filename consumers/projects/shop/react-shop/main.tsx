/**
 * A merchant's React shop built with Vite: the docs' React sample (`<Shop>`: a product card and a
 * buy button from `@spay/sdk/react`) mounted for the product in `VITE_PRODUCT_ID`.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Shop } from "../../samples/docs-site/sdks/react-checkout.js";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <Shop productId={import.meta.env.VITE_PRODUCT_ID ?? ""} />
  </StrictMode>,
);
