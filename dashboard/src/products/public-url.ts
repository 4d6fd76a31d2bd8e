/**
 * The one base URL of everything the merchant shares or embeds: the gateway that serves this
 * dashboard also serves the API, the SDK script and the payment link pages, so the address the
 * merchant's browser reached it at is one that works. "Open payment link" and every integration
 * snippet are built from it (the server's own link URL may name another host, e.g. `localhost`
 * when the dashboard is opened at `127.0.0.1`).
 */
export function publicBaseUrl(): string {
  return window.location.origin;
}

/** A payment link's page on {@link publicBaseUrl}. */
export function paymentLinkUrl(linkId: string): string {
  return `${publicBaseUrl()}/payment-links/${encodeURIComponent(linkId)}`;
}
