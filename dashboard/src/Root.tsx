import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { ThemeProvider } from "./state/theme.tsx";
import { Loading } from "./ui/Status.tsx";

// Code-split: a customer opening a payment link or the hosted checkout loads neither the merchant
// app nor the landing page, and the merchant never loads the checkout pages until needed.
const MerchantApp = lazy(() => import("./App.tsx").then((m) => ({ default: m.MerchantApp })));
const PaymentLinkPage = lazy(() =>
  import("./checkout/PaymentLinkPage.tsx").then((m) => ({ default: m.PaymentLinkPage })),
);
const HostedCheckoutPage = lazy(() =>
  import("./checkout/HostedCheckoutPage.tsx").then((m) => ({ default: m.HostedCheckoutPage })),
);

/** The route table's public pages beside the main area (SPEC.md §2). */
export function Root() {
  return (
    <ThemeProvider>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="/payment-links/:id" element={<PaymentLinkPage />} />
          <Route path="/pay/:intentId" element={<HostedCheckoutPage />} />
          <Route path="/*" element={<MerchantApp />} />
        </Routes>
      </Suspense>
    </ThemeProvider>
  );
}
