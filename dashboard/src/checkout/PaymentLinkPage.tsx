import { formatUsd, type PaymentIntent, type PaymentLink, SPayClient } from "@spay/sdk";
import { BuyButton, PaymentLinkCard } from "@spay/sdk/react";
import { useEffect, useMemo, useState } from "react";
import { hostedPaymentLink } from "../api/checkout.ts";
import { useTheme } from "../state/theme.tsx";
import { ProductImage } from "../ui/ProductImage.tsx";
import { Loading } from "../ui/Status.tsx";
import { linkData, linkLoadError, linkSoldOut, linkViewType, type ProductImageData } from "./link-view.ts";
import { PAYMENT_LINK } from "./messages.ts";
import { PublicPage } from "./PublicPage.tsx";
import { Receipt } from "./Receipt.tsx";

type LoadState =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready"; link: PaymentLink; publishableKey: string };

/**
 * SPEC.md §2 "Payment link page" (/payment-links/:id, public): loading, 'Payment Link Not Found',
 * the SDK's checkout card or buy button, and a receipt once the server says the payment settled.
 * The link's id comes from the URL (see route.ts); no router, so the checkout entry can run on Preact.
 */
export function PaymentLinkPage({ id }: { id: string }) {
  const { theme } = useTheme();
  const [state, setState] = useState<LoadState>({ kind: "loading" });
  const [paid, setPaid] = useState<PaymentIntent | null>(null);

  useEffect(() => {
    let live = true;
    setState({ kind: "loading" });
    hostedPaymentLink(id).then(
      (r) => live && setState({ kind: "ready", link: r.payment_link, publishableKey: r.publishable_key }),
      (err: unknown) => live && setState({ kind: "error", message: linkLoadError(err) }),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const client = useMemo(
    () =>
      state.kind === "ready"
        ? new SPayClient({ apiKey: state.publishableKey, apiUrl: window.location.origin })
        : null,
    [state],
  );

  if (state.kind === "loading")
    return (
      <PublicPage>
        <Loading label={PAYMENT_LINK.loading} />
      </PublicPage>
    );
  if (state.kind === "error")
    return (
      <PublicPage>
        <section className="card public-error" role="alert">
          <h1>{PAYMENT_LINK.notFoundTitle}</h1>
          <p>{state.message}</p>
          <a href="/" className="button">
            {PAYMENT_LINK.goHome}
          </a>
        </section>
      </PublicPage>
    );
  const data = linkData(state.link);
  if (paid)
    return (
      <PublicPage>
        <Receipt intent={paid} productName={data.productName} merchantName={data.merchantName} />
      </PublicPage>
    );
  if (linkSoldOut(state.link))
    return (
      <PublicPage>
        <section className="card public-error" role="alert" data-testid="link-sold-out">
          <h1>{PAYMENT_LINK.soldOutTitle}</h1>
          <p>
            <strong>{data.productName}</strong>
          </p>
          <p>{PAYMENT_LINK.soldOut}</p>
        </section>
      </PublicPage>
    );
  const view = linkViewType(state.link);
  const props = {
    client: client ?? undefined,
    link: data,
    theme,
    onSuccess: (intent: PaymentIntent) => setPaid(intent),
  };
  if (view === "button")
    return (
      <PublicPage>
        {/* SPEC.md §2: the button view is "a simple Buy card" — what is bought, for how much, Buy. */}
        <section className="card buy-card" aria-labelledby="buy-title" data-testid="link-button-view">
          {data.merchantName ? <p className="muted buy-merchant">{data.merchantName}</p> : null}
          {data.image ? <LinkImage image={data.image} /> : null}
          <h1 id="buy-title" className="line-clamp" title={data.productName}>
            {data.productName}
          </h1>
          {data.description ? <p className="muted buy-description">{data.description}</p> : null}
          <p className="buy-price">{formatUsd(data.priceMinor)}</p>
          <BuyButton {...props} />
        </section>
      </PublicPage>
    );
  return (
    <PublicPage>
      <h1 className="visually-hidden">{data.productName}</h1>
      {view === "invalid" ? (
        <p role="alert" className="error-box">
          {PAYMENT_LINK.invalidConfig}
        </p>
      ) : (
        <div className="link-card-stage" data-testid="link-card-view">
          {/* The SDK's card draws the product's image itself (from the link's product_data). */}
          <PaymentLinkCard {...props} />
        </div>
      )}
    </PublicPage>
  );
}

/** The product's image, decorative (its name is the heading beside it), at the width the page has. */
function LinkImage({ image }: { image: ProductImageData }) {
  return (
    <ProductImage
      image={image}
      className="buy-image"
      sizes="(max-width: 480px) 100vw, 420px"
      width={image.width}
      height={image.height}
      decoding="async"
      data-testid="product-image"
    />
  );
}
