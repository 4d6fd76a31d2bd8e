import { lazy } from "react";

/**
 * {@link Checkout} as a chunk of its own, loaded when Pay opens it: the card stays light until the
 * payer pays (the drop-in's QR overlay chunk). Render it inside a `<Suspense>`.
 */
export const LazyCheckout = lazy(() => import("./Checkout.js").then((mod) => ({ default: mod.Checkout })));
