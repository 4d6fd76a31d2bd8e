/**
 * The paywall without a framework: Web `Request` in, Web `Response` out. `gate` decides (a 402 to
 * answer, or a verified payment), `handle` runs gate → serve → settle. The adapters (hono.ts,
 * express.ts, fetch.ts) only carry this to their framework.
 */
import {
  decodeX402Header,
  encodeX402Header,
  isObject,
  type Json,
  paymentForm,
  receiptHeader,
  toSpecRequirements,
  toV1,
  X402_HEADERS,
  type X402Form,
  type X402PaymentRequiredV2,
} from "@spay/protocol/x402";
import { SPayError } from "../../core/errors.js";
import { SPayServerClient } from "../../server/server-client.js";
import type { X402PriceOffer } from "../../server/types.js";
import { renderPaywallPage } from "./page.js";
import {
  createSponsor,
  type PaywallSponsor,
  type PaywallSponsorOptions,
  SponsorRefused,
  type Sponsorship,
} from "./sponsor.js";

export type { PaywallSponsorOptions } from "./sponsor.js";

type Asset = "usdc" | "sbtc" | "stx";

/** Options of a paywall. */
export interface PaywallOptions {
  /** `"$0.001"` (converted per token: USDC exactly, sBTC rounded up to whole sats) or exact atomic units. */
  price: string | { amount: string | number | bigint; asset: Asset };
  /** Token(s) accepted for a dollar price, default `"usdc"`. */
  asset?: Asset | Asset[];
  /** What the caller pays for (shown to agents and on the paywall page). */
  description?: string;
  /** MIME type of the paid answer, default `application/json`. */
  mimeType?: string;
  /** The workspace's secret key (`sk_test_…` / `sk_live_…`): the gateway verifies and settles with it. */
  apiKey: string;
  /** The sPay gateway, default `http://localhost:8787`. */
  gatewayUrl?: string;
  /** Seconds a requirement stays payable, default 300. */
  maxTimeoutSeconds?: number;
  /** Settle only once the transaction succeeded on chain (slower), not when it entered the mempool. */
  waitForConfirmation?: boolean;
  /** Where the paywall page loads `spay-x402.js` from, default `{gatewayUrl}/sdk/`. */
  assetsUrl?: string;
  /** The resource's public URL when a proxy rewrites it; default the request's URL. */
  resourceUrl?: (request: Request) => string;
  /** A `fetch` for the gateway calls. */
  fetch?: typeof fetch;
  /**
   * Sponsor payers' transaction fees with the merchant's own STX account (its key stays in this
   * process): every offer names it as `extra.feePayer`, clients sign sponsored transactions with
   * fee 0, and the paywall co-signs each as sponsor before the gateway settles it. Payments whose
   * own fee is not 0, or that would cost more than `maxFee`, are refused.
   */
  sponsor?: PaywallSponsorOptions;
}

/** The outcome of settling a verified payment: the receipt header to add, or the 402 to answer instead. */
export type SettleOutcome = { ok: true; header: [string, string] } | { ok: false; response: Response };

/** What the paywall decided before the resource runs. */
export type PaywallGate =
  | { kind: "respond"; response: Response }
  | { kind: "paid"; payer: string; settle(): Promise<SettleOutcome> };

/** The framework-free paywall every adapter is built on. */
export interface PaywallCore {
  /** The decision alone (402 to send, or a verified payment to settle after serving). */
  gate(request: Request): Promise<PaywallGate>;
  /** Gate, serve with `serve`, settle: a failed handler (non-2xx) is not charged. */
  handle(request: Request, serve: (request: Request) => Promise<Response>): Promise<Response>;
}

/** Headers a browser sends for a page, and `X-402-Version: 1` for a v1 client's first request. */
const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");
const wantsV1 = (request: Request) => request.headers.get("x-402-version") === "1";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/**
 * Sells an HTTP resource per request over x402, with the sPay gateway as facilitator. A request
 * without payment gets `402` and fresh requirements (x402 v2 in `PAYMENT-REQUIRED` and the body,
 * SPEC.md's `x402_requirements` alongside; for `X-402-Version: 1` v1's body alone, no v2 header;
 * a browser gets a page
 * that pays with a Stacks wallet). A request with a payment (`PAYMENT-SIGNATURE` or `X-PAYMENT`) is
 * verified, served, and settled only when the handler succeeded; the receipt goes in
 * `PAYMENT-RESPONSE` (v1/SPEC.md: `X-PAYMENT-RESPONSE`). A payment settles once: when two requests
 * race with one payment, one is served and the other gets `402 duplicate_settlement`.
 */
export function createPaywall(options: PaywallOptions): PaywallCore {
  const gatewayUrl = (options.gatewayUrl ?? "http://localhost:8787").replace(/\/+$/, "");
  const client = new SPayServerClient({ apiKey: options.apiKey, apiUrl: gatewayUrl, fetch: options.fetch });
  const assetsUrl = (options.assetsUrl ?? `${gatewayUrl}/sdk/`).replace(/\/?$/, "/");
  const accepts = priceOffers(options);
  const resourceOf = options.resourceUrl ?? ((request: Request) => request.url);
  const sponsor = options.sponsor ? createSponsor(options.sponsor) : null;

  const requirements = async (request: Request): Promise<X402PaymentRequiredV2> => {
    const issued = await client.createX402Requirements({
      resource: {
        url: resourceOf(request),
        ...(options.description ? { description: options.description } : {}),
        mimeType: options.mimeType ?? "application/json",
      },
      accepts,
      ...(options.maxTimeoutSeconds ? { maxTimeoutSeconds: options.maxTimeoutSeconds } : {}),
    });
    return sponsor ? withFeePayer(issued, sponsor) : issued;
  };

  /** The 402 answer in the form the client speaks. */
  const challenge = async (request: Request, form: X402Form | null, error?: string): Promise<Response> => {
    const issued = await requirements(request);
    const required: X402PaymentRequiredV2 = error ? { ...issued, error } : issued;
    const headers = { ...JSON_HEADERS, [X402_HEADERS.paymentRequired]: encodeX402Header(required) };
    if (!form && !error && wantsPage(request)) {
      return new Response(renderPaywallPage({ required, assetsUrl }), {
        status: 402,
        headers: { ...headers, ...pageHeaders(assetsUrl) },
      });
    }
    // A v1 client gets v1 alone: @x402's clients read the PAYMENT-REQUIRED header before the body,
    // so a v2 header beside a v1 body would make them answer in v2 (or give up, if v1 is all they speak).
    if (form === "v1" || (!form && wantsV1(request)))
      return new Response(JSON.stringify(toV1(required)), { status: 402, headers: JSON_HEADERS });
    const x402_requirements = toSpecRequirements(required);
    const body = { ...required, ...(form === "spec" && error ? { error } : {}), x402_requirements };
    return new Response(JSON.stringify(body), { status: 402, headers });
  };

  const gate = async (request: Request): Promise<PaywallGate> => {
    const payment = paymentForm(request.headers);
    if (!payment) return { kind: "respond", response: await challenge(request, null) };
    if (payment.malformed)
      return { kind: "respond", response: await challenge(request, payment.form, "invalid_payload") };
    const params = {
      paymentHeader: payment.header,
      paymentRequirements: { resource: resourceOf(request) },
      requireIssued: true,
    };
    let sponsored: SponsoredPayment | null;
    try {
      sponsored = sponsor ? await sponsoredPayment(sponsor, payment.header) : null;
    } catch (err) {
      if (!(err instanceof SponsorRefused)) throw err;
      return { kind: "respond", response: await challenge(request, payment.form, err.reason) };
    }
    // A sponsored payment is verified co-signed with the sponsor's next nonce, in the sponsor's turn.
    const verdict = sponsored
      ? await sponsored.sponsorship.inTurn(async (nonce) => {
          const cosigned = await sponsored.sponsorship.cosign(nonce);
          const value = await client.verifyX402Payment({
            ...params,
            paymentHeader: sponsored.header(cosigned.hex),
          });
          return { value, fate: "unused" as const };
        })
      : await client.verifyX402Payment(params);
    if (!verdict.isValid) {
      return {
        kind: "respond",
        response: await challenge(request, payment.form, verdict.invalidReason ?? "invalid_payload"),
      };
    }
    return {
      kind: "paid",
      payer: verdict.payer ?? "",
      async settle() {
        const settleWith = (paymentHeader: string) =>
          client.settleX402Payment({
            ...params,
            paymentHeader,
            ...(options.waitForConfirmation ? { waitForConfirmation: true } : {}),
          });
        // Co-signed again with the sponsor's next nonce now: others may have settled since verify.
        const settled = sponsored
          ? await sponsored.sponsorship.inTurn(async (nonce) => {
              const cosigned = await sponsored.sponsorship.cosign(nonce);
              const value = await settleWith(sponsored.header(cosigned.hex));
              const reached = value.success || (await sponsored.sponsorship.reachedChain(cosigned.txid));
              return { value, fate: reached ? ("consumed" as const) : ("unknown" as const) };
            })
          : await settleWith(params.paymentHeader);
        if (!settled.success) {
          return {
            ok: false,
            response: await challenge(request, payment.form, settled.errorReason ?? "settlement_failed"),
          };
        }
        const header = receiptHeader(payment.form, {
          success: true,
          transaction: settled.transaction,
          network: settled.network,
          ...(settled.payer ? { payer: settled.payer } : {}),
        });
        return { ok: true, header };
      },
    };
  };

  return { gate, handle: (request, serve) => handleWith(gate, request, serve) };
}

/** Every offer names the merchant's sponsor as `extra.feePayer` (its address on the offer's network). */
function withFeePayer(required: X402PaymentRequiredV2, sponsor: PaywallSponsor): X402PaymentRequiredV2 {
  return {
    ...required,
    accepts: required.accepts.map((offer) => ({
      ...offer,
      extra: { ...offer.extra, feePayer: sponsor.feePayer(offer.network) },
    })),
  };
}

/** A payment carrying a sponsored transaction, and its header with the co-signed one in its place. */
interface SponsoredPayment {
  sponsorship: Sponsorship;
  header(cosignedHex: string): string;
}

/**
 * The sponsorship of the transaction a v2 or v1 payment carries (`payload.transaction`), or null
 * when it carries none (SPEC.md's txid, a malformed header: the gateway answers those) or an
 * unsponsored one. Throws SponsorRefused when the paywall will not sponsor it.
 */
async function sponsoredPayment(
  sponsor: PaywallSponsor,
  paymentHeader: string,
): Promise<SponsoredPayment | null> {
  let decoded: Json;
  try {
    decoded = decodeX402Header(paymentHeader);
  } catch {
    return null;
  }
  const payload = isObject(decoded.payload) ? decoded.payload : null;
  if (!payload || typeof payload.transaction !== "string") return null;
  const sponsorship = await sponsor.sponsorshipOf(payload.transaction);
  if (!sponsorship) return null;
  return {
    sponsorship,
    header: (cosignedHex) =>
      encodeX402Header({ ...decoded, payload: { ...payload, transaction: cosignedHex } }),
  };
}

/**
 * Gate → serve → settle with a given gate: the payment is settled only when the handler answered
 * 2xx, and the receipt header is added to its answer; a settlement that fails answers instead.
 */
export async function handleWith(
  gate: PaywallCore["gate"],
  request: Request,
  serve: (request: Request) => Promise<Response>,
): Promise<Response> {
  let decided: PaywallGate;
  try {
    decided = await gate(request);
  } catch (err) {
    return gatewayFailure(err);
  }
  if (decided.kind === "respond") return decided.response;
  const response = await serve(request);
  if (!response.ok) return response; // the handler failed: nothing is charged
  const outcome = await settleOrFail(decided.settle);
  if (!outcome.ok) return outcome.response;
  const paid = new Response(response.body, response);
  paid.headers.set(...outcome.header);
  return paid;
}

/** Settles; a gateway that cannot be asked answers like {@link gatewayFailure}. */
export function settleOrFail(settle: () => Promise<SettleOutcome>): Promise<SettleOutcome> {
  return settle().catch((err: unknown) => ({ ok: false as const, response: gatewayFailure(err) }));
}

function priceOffers(options: PaywallOptions): X402PriceOffer[] {
  if (typeof options.price === "object") {
    const amount = String(options.price.amount);
    if (!/^[1-9]\d*$/.test(amount))
      throw new TypeError(`paywall: price.amount ${amount} is not a positive integer`);
    return [{ asset: options.price.asset, amount }];
  }
  if (!/^\$?\d+(\.\d+)?$/.test(options.price.trim()))
    throw new TypeError(
      `paywall: price ${JSON.stringify(options.price)} is not a dollar amount like "$0.001"`,
    );
  const assets = Array.isArray(options.asset) ? options.asset : [options.asset ?? "usdc"];
  if (assets.length === 0) throw new TypeError("paywall: asset lists no token");
  return assets.map((asset) => ({ asset, price: options.price as string }));
}

/**
 * The gateway could not be asked: the resource stays closed (never served unpaid). A bad secret
 * key or gateway URL is the merchant's to fix, so the caller sees a 5xx with the code.
 */
export function gatewayFailure(err: unknown): Response {
  const code = err instanceof SPayError ? err.code : "payment_gateway_error";
  const status = err instanceof SPayError && (err.status === 0 || err.status >= 500) ? 503 : 502;
  return new Response(
    JSON.stringify({
      error: { code, message: "The payment gateway could not check this payment; try again." },
    }),
    { status, headers: { ...JSON_HEADERS, "retry-after": "1" } },
  );
}

/** The paywall page's own policy: scripts only from the SDK's files, nothing framed or posted. */
function pageHeaders(assetsUrl: string): Record<string, string> {
  const origin = new URL(assetsUrl).origin;
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": `default-src 'self'; script-src ${origin}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src *; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
}
