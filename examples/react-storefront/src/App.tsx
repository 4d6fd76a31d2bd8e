import { type PaymentIntent, SPayClient } from "@spay/sdk";
import { BuyButton, Checkout, PaymentLinkCard } from "@spay/sdk/react";
import { useState } from "react";
import { config, missingSettings } from "./config.ts";

// One client for the whole app: the publishable key is meant for the browser.
const spay = new SPayClient({ apiKey: config.publishableKey, apiUrl: config.apiUrl });

export function App() {
  const [tipping, setTipping] = useState(false);
  const [paid, setPaid] = useState<PaymentIntent[]>([]);
  // Called once the gateway says the payment settled (not when the wallet broadcast it).
  const onSuccess = (intent: PaymentIntent) =>
    setPaid((list) => (list.some((i) => i.id === intent.id) ? list : [...list, intent]));

  const missing = missingSettings();
  if (missing.length > 0) {
    return (
      <main className="shop">
        <h1>Beans &amp; Mugs</h1>
        <p role="alert">
          Set {missing.join(", ")} in <code>.env.local</code> (see <code>.env.example</code>) and restart.
        </p>
      </main>
    );
  }

  return (
    <main className="shop">
      <header>
        <h1>Beans &amp; Mugs</h1>
        <p>Small-batch coffee, paid in sBTC on Stacks.</p>
      </header>

      <section aria-labelledby="featured">
        <h2 id="featured">This week's roast</h2>
        {/* The full checkout card: product, price in sats and USD, method, Pay. */}
        <PaymentLinkCard client={spay} productId={config.productId} onSuccess={onSuccess} />
      </section>

      <section aria-labelledby="merch">
        <h2 id="merch">Merch</h2>
        <p>A hand-thrown stoneware mug.</p>
        {/* A compact "Buy $…" button that opens the same card in a dialog. */}
        <BuyButton client={spay} linkId={config.linkId} onSuccess={onSuccess} />
      </section>

      <section aria-labelledby="tip">
        <h2 id="tip">Like the beans?</h2>
        <button type="button" onClick={() => setTipping(true)}>
          Tip the roaster $5
        </button>
        {/* A checkout for any amount, no product: creates the intent and pays it with a wallet.
            Needs the workspace's "Allow custom amounts from the browser" (off by default). */}
        {tipping ? (
          <Checkout
            client={spay}
            params={{ amount_minor: 500, metadata: { purpose: "tip" } }}
            method="wallet"
            onSuccess={onSuccess}
            onClose={() => setTipping(false)}
          />
        ) : null}
      </section>

      <section aria-labelledby="orders">
        <h2 id="orders">Your payments</h2>
        {paid.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul data-testid="payments">
            {paid.map((intent) => (
              <li key={intent.id}>
                {intent.id}: ${(intent.amount_minor / 100).toFixed(2)} confirmed
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
