/**
 * The paywall without a framework: Web `Request` in, Web `Response` out. `gate` decides (a 402 to
 * answer, or a verified payment), `handle` runs gate → serve → settle. The adapters (hono.ts,
 * express.ts, fetch.ts) only carry this to their framework.
 */
import {
  BAZAAR,
  type BazaarDeclaration,
  caip2Network,
  declareBazaar,
  declarePaymentIdentifier,
  decodeX402Header,
  encodeX402Header,
  isObject,
  type Json,
  OFFER_RECEIPT,
  offersExtension,
  PAYMENT_IDENTIFIER,
  paymentForm,
  readPaymentIdentifier,
  receiptExtension,
  receiptHeader,
  toSpecRequirements,
  toV1,
  X402_HEADERS,
  type X402BazaarExtension,
  type X402DiscoveryAccept,
  type X402DiscoveryItem,
  type X402Form,
  type X402PaymentRequiredV2,
} from "@spay/protocol/x402";
import { SPayError } from "../../core/errors.js";
import { SPayServerClient } from "../../server/server-client.js";
import type { X402PriceOffer } from "../../server/types.js";
import { type ReceiptSigner, signOffer, signReceipt, stacksReceiptSigner } from "../signed-receipts.js";
import {
  memoryPaymentIdentifierStore,
  type PaymentIdentifierRecord,
  type PaymentIdentifierStore,
  replayAnswer,
  type StoredAnswer,
  storeAnswer,
} from "./idempotency.js";
import { renderPaywallPage } from "./page.js";
import {
  createSponsor,
  type PaywallSponsor,
  type PaywallSponsorOptions,
  SponsorRefused,
  type Sponsorship,
} from "./sponsor.js";

export type { PaymentIdentifierRecord, PaymentIdentifierStore, StoredAnswer } from "./idempotency.js";
export { memoryPaymentIdentifierStore } from "./idempotency.js";
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
  /**
   * x402's `payment-identifier` extension, on by default (declared in every 402, optional for
   * clients): a payment carrying `extensions["payment-identifier"].info.id` is served, charged
   * and settled once; the same payment sent again with that id gets the stored answer (same
   * receipt, same body) — while the first is still being served it waits for it; the same id with
   * another payment is `409`. `required`: a payment without an id is `400`. `store`: where ids are
   * kept (default in memory, at most 10,000); `ttlSeconds`: how long a settled id is remembered
   * (default a day). `false` turns the extension off.
   */
  paymentIdentifier?: false | { required?: boolean; store?: PaymentIdentifierStore; ttlSeconds?: number };
  /**
   * Sign what the paywall offers and receives (x402's offer-and-receipt extension, JWS ES256K):
   * each 402 carries signed offers in `extensions["offer-receipt"].info.offers`, each receipt
   * (`PAYMENT-RESPONSE`) a signed receipt in `extensions["offer-receipt"].info.receipt`. The key
   * is the merchant's Stacks private key (hex) or a `ReceiptSigner`; `kid` names it (default its
   * `did:jwk`). `includeTransaction` puts the txid in the signed receipt (default left out).
   */
  signing?: ({ privateKey: string; kid?: string } | { signer: ReceiptSigner }) & {
    includeTransaction?: boolean;
  };
  /**
   * How to call this endpoint, for discovery: the Bazaar extension (`extensions.bazaar` in each
   * 402) and the `/.well-known/x402` manifest (`x402Discovery`). `path` is the route's path
   * (default: the path of the last request the paywall saw).
   */
  discovery?: PaywallDiscovery;
  /**
   * The x402 versions an unpaid request is answered in (default `[2, 1]`: v2 in the
   * `PAYMENT-REQUIRED` header, v1 as the body). `[1]` answers in v1 alone, with no v2 header: what
   * a v1-only client needs, since @x402's clients read the v2 header first whenever there is one.
   * `[2]` answers in v2 alone. Payments in either version are accepted whatever this says.
   */
  x402Versions?: readonly X402Version[];
}

/** The x402 protocol versions a paywall speaks. */
export type X402Version = 1 | 2;

/** The versions an unpaid 402 offers, checked once when the paywall is made. */
function offeredVersions(options: PaywallOptions): ReadonlySet<X402Version> {
  const versions = options.x402Versions ?? [2, 1];
  if (versions.length === 0 || versions.some((v) => v !== 1 && v !== 2))
    throw new TypeError(`x402Versions must list 1, 2 or both; got ${JSON.stringify(versions)}`);
  return new Set(versions);
}

/** What a paywall tells discovery about its endpoint (the Bazaar's declaration, and where it is). */
export interface PaywallDiscovery extends BazaarDeclaration {
  /** The route's path on the origin, e.g. `/weather`. */
  path?: string;
  /** The Bazaar's service metadata on `resource` (≤ 32 printable ASCII; ≤ 5 tags). */
  serviceName?: string;
  tags?: string[];
  /** false: leave it out of `/.well-known/x402` (the 402 still carries `extensions.bazaar`). */
  listed?: boolean;
}

/** The outcome of settling a verified payment: the receipt header to add, or the 402 to answer instead. */
export type SettleOutcome = { ok: true; header: [string, string] } | { ok: false; response: Response };

/** What the paywall decided before the resource runs. */
export type PaywallGate =
  | { kind: "respond"; response: Response }
  | {
      kind: "paid";
      payer: string;
      settle(): Promise<SettleOutcome>;
      /**
       * The paid answer as sent (after `settle` succeeded): kept for retries of a payment with a
       * `payment-identifier`. Returns the answer to send (the given one is read).
       */
      remember?(answer: Response): Promise<Response>;
      /** Nothing was charged (the handler failed): a retry with the same identifier is served anew. */
      forget?(): Promise<void>;
    };

/** The framework-free paywall every adapter is built on. */
export interface PaywallCore {
  /** The decision alone (402 to send, or a verified payment to settle after serving). */
  gate(request: Request): Promise<PaywallGate>;
  /** Gate, serve with `serve`, settle: a failed handler (non-2xx) is not charged. */
  handle(request: Request, serve: (request: Request) => Promise<Response>): Promise<Response>;
  /**
   * This endpoint as `/.well-known/x402` lists it, on `origin` (`https://api.example.com`), and
   * its Bazaar extension; null when it is not listed or its path is not known yet.
   */
  describe?(origin: string): Promise<PaywallListing | null>;
}

/** A paywall's endpoint for discovery: the manifest item and the `extensions.bazaar` of its 402. */
export interface PaywallListing {
  item: X402DiscoveryItem;
  bazaar: X402BazaarExtension;
}

/**
 * A browser asks for a page. A v1 client is known by its payment (`X-PAYMENT`); its first request
 * carries nothing of x402, so the unpaid 402 serves both versions. `X-402-Version: 1` asks for v1
 * alone (no v2 header): the one way for a client that reads the v2 header first but speaks only v1
 * (an @x402 client with only v1 schemes registered) to get requirements it can pay.
 */
const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");
const wantsV1Only = (request: Request) => request.headers.get("x-402-version") === "1";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/**
 * Sells an HTTP resource per request over x402, with the sPay gateway as facilitator. A request
 * without payment gets `402` and fresh requirements for either version: x402 v2 in
 * `PAYMENT-REQUIRED`, v1's `{x402Version: 1, accepts, error}` as the body (v1 clients read the
 * body, v2 clients the header), SPEC.md's `x402_requirements` alongside; `X-402-Version: 1` gets
 * v1's body alone, no v2 header; a browser gets a page that pays with a Stacks wallet). A request with a payment (`PAYMENT-SIGNATURE` or `X-PAYMENT`) is
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
  const identifiers = identifierOptions(options);
  const versions = offeredVersions(options);
  const signing = options.signing;
  const signer = signing
    ? "signer" in signing
      ? signing.signer
      : stacksReceiptSigner(signing.privateKey, signing.kid ? { kid: signing.kid } : {})
    : null;
  if (options.discovery?.method) declareBazaar(options.discovery); // a bad method fails here, not per request
  /** Payments with an identifier being served in this process, by key: resolved once answered. */
  const inFlight = new Map<string, Promise<void>>();
  let seenPath: string | null = null;

  /** The 402's extensions: payment-identifier, bazaar, and (signing) the signed offers. */
  const withExtensions = async (
    required: X402PaymentRequiredV2,
    request: Request,
  ): Promise<X402PaymentRequiredV2> => {
    const extensions: Json = { ...(required.extensions ?? {}) };
    if (identifiers) extensions[PAYMENT_IDENTIFIER] = declarePaymentIdentifier(identifiers.required);
    extensions[BAZAAR] = declareBazaar({ ...options.discovery, method: bazaarMethod(options, request) });
    if (signer) {
      const offers = await Promise.all(
        required.accepts.map((accept, index) =>
          signOffer(
            signer,
            {
              resourceUrl: required.resource.url,
              scheme: accept.scheme,
              network: accept.network,
              asset: accept.asset,
              payTo: accept.payTo,
              amount: accept.amount,
              validUntil: accept.extra.expiresAt,
            },
            index,
          ),
        ),
      );
      extensions[OFFER_RECEIPT] = offersExtension(offers);
    }
    return { ...required, extensions };
  };

  const issue = async (resourceUrl: string): Promise<X402PaymentRequiredV2> => {
    const issued = await client.createX402Requirements({
      resource: {
        url: resourceUrl,
        ...(options.description ? { description: options.description } : {}),
        mimeType: options.mimeType ?? "application/json",
      },
      accepts,
      ...(options.maxTimeoutSeconds ? { maxTimeoutSeconds: options.maxTimeoutSeconds } : {}),
    });
    return sponsor ? withFeePayer(issued, sponsor) : issued;
  };

  const requirements = async (request: Request): Promise<X402PaymentRequiredV2> =>
    withExtensions(await issue(resourceOf(request)), request);

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
    // A client that paid in v1 (or asked for v1 alone), or a paywall speaking v1 only, gets v1
    // alone: @x402's clients read the PAYMENT-REQUIRED header before the body, so a v2 header
    // would make them answer in v2.
    if (form === "v1" || (!form && (wantsV1Only(request) || !versions.has(2))))
      return new Response(JSON.stringify(toV1(required)), { status: 402, headers: JSON_HEADERS });
    const x402_requirements = toSpecRequirements(required);
    // Nobody has paid yet, so the client's version is unknown: v2 in the header, v1 in the body
    // (unless the paywall speaks v2 only).
    if (!form && versions.has(1))
      return new Response(JSON.stringify({ ...toV1(required), x402_requirements }), { status: 402, headers });
    const body = { ...required, ...(form === "spec" && error ? { error } : {}), x402_requirements };
    return new Response(JSON.stringify(body), { status: 402, headers });
  };

  const gate = async (request: Request): Promise<PaywallGate> => {
    seenPath = pathOf(resourceOf(request)) ?? seenPath;
    const payment = paymentForm(request.headers);
    if (!payment) return { kind: "respond", response: await challenge(request, null) };
    if (payment.malformed)
      return { kind: "respond", response: await challenge(request, payment.form, "invalid_payload") };
    if (!identifiers) return verified(request, payment);
    const id = paymentIdentifierOf(payment.header);
    if (id === null) {
      if (!identifiers.required) return verified(request, payment);
      return {
        kind: "respond",
        response: badRequest(
          "payment_identifier_required",
          'this resource requires extensions["payment-identifier"].info.id in the payment',
        ),
      };
    }
    if ("invalid" in id)
      return {
        kind: "respond",
        response: badRequest(
          "invalid_payment_identifier",
          "a payment identifier is 16-128 letters, digits, hyphens or underscores",
        ),
      };
    return identified(request, payment, `${request.method} ${resourceOf(request)} ${id.id}`);
  };

  /**
   * A payment with an identifier: the first time it is claimed, verified, served and settled;
   * again (the same payment), it gets the stored answer, or waits for the first to be answered.
   */
  const identified = async (request: Request, payment: Payment, key: string): Promise<PaywallGate> => {
    const ids = identifiers as Identifiers;
    const conflict = () => ({
      kind: "respond" as const,
      response: jsonError(
        409,
        "payment_identifier_conflict",
        "this payment identifier was used with another payment",
      ),
    });
    let claimed = false;
    for (let round = 0; round < 5 && !claimed; round++) {
      const record = await ids.store.get(key);
      if (!record) {
        claimed = await ids.store.claim(key, {
          state: "pending",
          payment: payment.header,
          expiresAt: Date.now() + ids.pendingMs,
        });
        continue;
      }
      if (record.payment !== payment.header) {
        // A client that re-creates its payment for the retry (x402's own clients do): a valid
        // payment by the same payer for the same terms gets the stored answer, and is not settled.
        if (record.state !== "settled" || !record.answer || !record.terms) return conflict();
        if (termsOf(payment.header) !== record.terms) return conflict();
        const again = await verified(request, payment);
        if (again.kind !== "paid" || again.payer !== record.payer) return conflict();
        return { kind: "respond", response: replayAnswer(record.answer) };
      }
      if (record.state === "settled") {
        if (record.answer) return { kind: "respond", response: replayAnswer(record.answer) };
        // Settled, but its answer was never stored (a gate-only adapter): served again, not charged again.
        return { kind: "paid", payer: "", settle: async () => ({ ok: true, header: record.receipt }) };
      }
      const first = inFlight.get(key);
      if (!first) break; // served by another instance sharing the store
      await Promise.race([first, sleep(ids.pendingMs)]);
    }
    if (!claimed)
      return {
        kind: "respond",
        response: jsonError(
          409,
          "payment_in_progress",
          "this payment is still being served; retry shortly for its answer",
          { "retry-after": "1" },
        ),
      };

    let answered: () => void = () => {};
    inFlight.set(
      key,
      new Promise<void>((resolve) => {
        answered = resolve;
      }),
    );
    const end = () => {
      inFlight.delete(key);
      answered();
    };
    let receipt: [string, string] | null = null;
    const forget = async () => {
      try {
        if (!receipt) await ids.store.delete(key);
      } finally {
        end();
      }
    };
    let decided: PaywallGate;
    try {
      decided = await verified(request, payment);
    } catch (err) {
      await forget();
      throw err;
    }
    if (decided.kind === "respond") {
      await forget();
      return decided;
    }
    const settleVerified = decided.settle;
    const paidBy = decided.payer;
    const terms = termsOf(payment.header);
    const settledRecord = (header: [string, string], answer?: StoredAnswer): PaymentIdentifierRecord => ({
      state: "settled",
      payment: payment.header,
      receipt: header,
      payer: paidBy,
      ...(terms ? { terms } : {}),
      ...(answer ? { answer } : {}),
      expiresAt: Date.now() + ids.ttlMs,
    });
    return {
      kind: "paid",
      payer: decided.payer,
      async settle() {
        let outcome: SettleOutcome;
        try {
          outcome = await settleVerified();
        } catch (err) {
          await forget();
          throw err;
        }
        if (!outcome.ok) {
          await forget();
          return outcome;
        }
        receipt = outcome.header;
        await ids.store.set(key, settledRecord(outcome.header));
        return outcome;
      },
      async remember(answer) {
        try {
          if (!receipt) return answer;
          const { stored, copy } = await storeAnswer(answer);
          await ids.store.set(key, settledRecord(receipt, stored));
          return copy;
        } finally {
          end();
        }
      },
      forget,
    };
  };

  /** Verifies a payment with the gateway: the 402 to answer, or a payment to settle after serving. */
  const verified = async (request: Request, payment: Payment): Promise<PaywallGate> => {
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
        const signed = signer
          ? await signReceipt(signer, {
              network: caip2Network(settled.network),
              resourceUrl: resourceOf(request),
              payer: settled.payer ?? verdict.payer ?? "",
              ...(signing?.includeTransaction ? { transaction: settled.transaction } : {}),
            })
          : null;
        const header = receiptHeader(payment.form, {
          success: true,
          transaction: settled.transaction,
          network: settled.network,
          ...(settled.payer ? { payer: settled.payer } : {}),
          ...(signed ? { extensions: { [OFFER_RECEIPT]: receiptExtension(signed) } } : {}),
        });
        return { ok: true, header };
      },
    };
  };

  /** The accepts discovery lists: issued for the route once, kept five minutes, nonce and expiry left out. */
  let listed: { at: number; accepts: X402DiscoveryAccept[] } | null = null;
  const describe = async (origin: string): Promise<PaywallListing | null> => {
    const declared = options.discovery ?? {};
    const path = declared.path ?? seenPath;
    if (declared.listed === false || !path) return null;
    const url = new URL(path, origin).href;
    if (!listed || Date.now() - listed.at > LISTING_TTL_MS) {
      const issued = await issue(url);
      listed = {
        at: Date.now(),
        accepts: issued.accepts.map(({ extra: { nonce: _n, expiresAt: _e, ...terms }, ...accept }) => ({
          ...accept,
          extra: terms,
        })),
      };
    }
    const method = (declared.method ?? "GET").toUpperCase();
    const bazaar = declareBazaar({ ...declared, method });
    const { input } = bazaar.info;
    const mimeType = options.mimeType ?? "application/json";
    const item: X402DiscoveryItem = {
      resource: {
        url,
        description: options.description ?? "",
        mimeType,
        ...(declared.serviceName ? { serviceName: declared.serviceName } : {}),
        ...(declared.tags ? { tags: declared.tags } : {}),
      },
      type: "http",
      accepts: listed.accepts,
      input: {
        method,
        ...(path.includes("/:") ? { routeTemplate: path } : {}),
        ...("body" in input
          ? { body: input.body, bodyType: input.bodyType }
          : input.queryParams && Object.keys(input.queryParams).length > 0
            ? { queryParams: input.queryParams }
            : {}),
      },
      ...(declared.output
        ? {
            output: {
              mimeType,
              ...(declared.output.example !== undefined ? { example: declared.output.example } : {}),
              ...(declared.output.schema ? { schema: declared.output.schema } : {}),
            },
          }
        : {}),
      ...(identifiers?.required ? { requires: [PAYMENT_IDENTIFIER] } : {}),
    };
    return { item, bazaar };
  };

  return { gate, handle: (request, serve) => handleWith(gate, request, serve), describe };
}

const LISTING_TTL_MS = 5 * 60_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/** A payment header as the paywall read it. */
type Payment = NonNullable<ReturnType<typeof paymentForm>>;

interface Identifiers {
  required: boolean;
  store: PaymentIdentifierStore;
  ttlMs: number;
  /** How long a claimed identifier waits for its answer before another may claim it. */
  pendingMs: number;
}

function identifierOptions(options: PaywallOptions): Identifiers | null {
  if (options.paymentIdentifier === false) return null;
  const given = options.paymentIdentifier ?? {};
  return {
    required: given.required ?? false,
    store: given.store ?? memoryPaymentIdentifierStore(),
    ttlMs: (given.ttlSeconds ?? 86_400) * 1000,
    pendingMs: (options.maxTimeoutSeconds ?? 300) * 1000,
  };
}

/** The identifier a payment header carries (null: none, or a header the gateway will refuse). */
function paymentIdentifierOf(header: string): ReturnType<typeof readPaymentIdentifier> {
  try {
    return readPaymentIdentifier(decodeX402Header(header));
  } catch {
    return null;
  }
}

/** The terms a v2 payment accepted (scheme, network, asset, amount, payTo), as one string; null without them. */
function termsOf(header: string): string | null {
  try {
    const { accepted } = decodeX402Header(header);
    if (!isObject(accepted)) return null;
    return JSON.stringify([
      accepted.scheme,
      accepted.network,
      accepted.asset,
      accepted.amount,
      accepted.payTo,
    ]);
  } catch {
    return null;
  }
}

/** The Bazaar's method: the declared one, else the request's when it is one the Bazaar knows. */
function bazaarMethod(options: PaywallOptions, request: Request): string {
  if (options.discovery?.method) return options.discovery.method;
  return ["GET", "HEAD", "DELETE", "POST", "PUT", "PATCH"].includes(request.method) ? request.method : "GET";
}

function pathOf(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

function jsonError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

const badRequest = (code: string, message: string) => jsonError(400, code, message);

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
  let response: Response;
  try {
    response = await serve(request);
  } catch (err) {
    await decided.forget?.();
    throw err;
  }
  if (!response.ok) {
    await decided.forget?.(); // the handler failed: nothing is charged
    return response;
  }
  const outcome = await settleOrFail(decided.settle);
  if (!outcome.ok) return outcome.response;
  const paid = new Response(response.body, response);
  paid.headers.set(...outcome.header);
  return decided.remember ? decided.remember(paid) : paid;
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
