import { COMMON } from "../messages.ts";
import { ThemeProvider } from "../state/theme.tsx";
import { HostedCheckoutPage } from "./HostedCheckoutPage.tsx";
import { PAYMENT_LINK } from "./messages.ts";
import { PaymentLinkPage } from "./PaymentLinkPage.tsx";
import { PublicPage } from "./PublicPage.tsx";
import { checkoutRoute } from "./route.ts";

/** checkout.html's page for a URL: the payment link page, the hosted checkout, else not found. */
export function CheckoutApp({ pathname, search = "" }: { pathname: string; search?: string }) {
  const route = checkoutRoute(pathname, search);
  return (
    <ThemeProvider>
      {route?.page === "payment-link" ? (
        <PaymentLinkPage id={route.id} />
      ) : route?.page === "hosted-checkout" ? (
        <HostedCheckoutPage intentId={route.intentId} clientSecret={route.clientSecret} />
      ) : (
        <PublicPage>
          <section className="card public-error" role="alert">
            <h1>{COMMON.notFound}</h1>
            <a href="/" className="button">
              {PAYMENT_LINK.goHome}
            </a>
          </section>
        </PublicPage>
      )}
    </ThemeProvider>
  );
}
