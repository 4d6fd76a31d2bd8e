import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes, useParams, useSearchParams } from "react-router-dom";
import { ServerStateProvider } from "./state/query.tsx";
import { ThemeProvider } from "./state/theme.tsx";
import { Loading } from "./ui/Status.tsx";

// Code-split: the merchant never loads the checkout pages until needed. A customer opening a
// payment link or the hosted checkout gets checkout.html (src/checkout/main.tsx, Preact, no router)
// from the gateway when it is built; these routes are the fallback when only this app is built.
const MerchantApp = lazy(() => import("./App.tsx").then((m) => ({ default: m.MerchantApp })));
const PaymentLinkPage = lazy(() =>
  import("./checkout/PaymentLinkPage.tsx").then((m) => ({ default: m.PaymentLinkPage })),
);
const HostedCheckoutPage = lazy(() =>
  import("./checkout/HostedCheckoutPage.tsx").then((m) => ({ default: m.HostedCheckoutPage })),
);

function PaymentLinkRoute() {
  const { id = "" } = useParams();
  return <PaymentLinkPage id={id} />;
}

function HostedCheckoutRoute() {
  const { intentId = "" } = useParams();
  const [search] = useSearchParams();
  return <HostedCheckoutPage intentId={intentId} clientSecret={search.get("client_secret") ?? ""} />;
}

/** The route table's public pages beside the main area (SPEC.md §2). */
export function Root() {
  return (
    <ServerStateProvider>
      <ThemeProvider>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/payment-links/:id" element={<PaymentLinkRoute />} />
            <Route path="/pay/:intentId" element={<HostedCheckoutRoute />} />
            <Route path="/*" element={<MerchantApp />} />
          </Routes>
        </Suspense>
      </ThemeProvider>
    </ServerStateProvider>
  );
}

/** The app in `container` (src/main.tsx loads this module when the page is not the stand-alone landing). */
export function renderApp(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Root />
      </BrowserRouter>
    </StrictMode>,
  );
}
