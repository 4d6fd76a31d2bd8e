// A merchant's React app, as a developer would write it: @spay/sdk and @spay/sdk/react (the built
// dist files), bundled by the test with esbuild. Settings come from the page (window.__SPAY_TEST__).
import { SPayClient } from "@spay/sdk";
import { Checkout, PaymentLinkCard } from "@spay/sdk/react";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";

const config = window.__SPAY_TEST__;
const client = new SPayClient({ apiKey: config.pk, apiUrl: config.apiUrl });

function App() {
  const [checkout, setCheckout] = useState(false);
  const [paid, setPaid] = useState([]);
  const onSuccess = (intent) => setPaid((ids) => [...ids, intent.id]);
  return (
    <>
      <h1>React shop</h1>
      <PaymentLinkCard
        client={client}
        productId={config.productId}
        theme={config.theme}
        onSuccess={onSuccess}
      />
      <button type="button" onClick={() => setCheckout(true)}>
        Tip $5
      </button>
      {checkout ? (
        <Checkout
          client={client}
          params={{ amount_minor: 500, metadata: { purpose: "tip" } }}
          method="wallet"
          onSuccess={onSuccess}
          onClose={() => setCheckout(false)}
        />
      ) : null}
      <output data-testid="paid">{paid.join(",")}</output>
    </>
  );
}

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
