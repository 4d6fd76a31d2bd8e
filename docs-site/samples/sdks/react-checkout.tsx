/**
 * React: a product card with the full checkout (email/shipping fields, QR or wallet payment),
 * and a one-click buy button. Both take an `SPayClient` with a publishable key — here from
 * Vite's environment variables (`.env`: VITE_SPAY_PUBLISHABLE_KEY, VITE_SPAY_API_URL).
 */
import { SPayClient } from "@spay/sdk";
import { BuyButton, PaymentLinkCard } from "@spay/sdk/react";

const client = new SPayClient({
  apiKey: import.meta.env.VITE_SPAY_PUBLISHABLE_KEY,
  apiUrl: import.meta.env.VITE_SPAY_API_URL ?? "http://localhost:8787",
});

export function Shop({ productId }: { productId: string }) {
  return (
    <>
      <PaymentLinkCard
        client={client}
        productId={productId}
        onSuccess={(intent) => console.log("paid", intent.id)}
        onError={(error) => console.error(error.message)}
      />
      <BuyButton client={client} productId={productId} theme="dark" />
    </>
  );
}
