// checkout.html's entry: the payment link page and the hosted checkout, what a customer opens.
// Built by vite.checkout.config.ts with Preact (preact/compat) standing in for React and no
// router, so the page loads a fraction of the dashboard's JavaScript (budget: bundle-budget.test.ts).
// Written against the React API, so `vite dev` of the main app can serve it with React as well.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { CheckoutApp } from "./CheckoutApp.tsx";
import "../styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("checkout.html has no #root");
createRoot(root).render(
  <StrictMode>
    <CheckoutApp pathname={window.location.pathname} search={window.location.search} />
  </StrictMode>,
);
