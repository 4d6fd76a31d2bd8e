/**
 * `wrapFetchWithPayment`: a `fetch` that pays x402 answers. On a 402 it reads the requirements (v2,
 * v1 or SPEC.md's form), picks the first one the agent's policy allows, signs the SIP-010 transfer
 * for it, and retries the request once with the payment header. v2 and v1 carry the signed
 * transaction for the server to verify and broadcast; SPEC.md's proof carries a txid, so for it
 * the agent broadcasts first.
 */

import {
  type Json,
  paymentHeader,
  readReceipt,
  withPaymentIdentifier,
  type X402Form,
  type X402Offer,
  type X402PayloadData,
  type X402Receipt,
} from "@spay/protocol/x402";
import { getAddressFromPublicKey } from "@stacks/transactions";
import { generatePaymentId } from "../payment-id.js";
import { X402PaymentError } from "./errors.js";
import { type NonceManager, type NonceOutcome, sharedNonceManager } from "./nonce-manager.js";
import { chooseOffer, DEFAULT_FORM_ORDER, isExpired, type OfferChoice } from "./offer-selection.js";
import {
  type AtomicAmount,
  type PaymentPolicy,
  type PaymentPolicyOptions,
  paymentPolicy,
  type StacksNetworkName,
} from "./payment-policy.js";
import { recordPayment, type X402Payment } from "./payment-record.js";
import { readPaymentRequired, rejectionReason } from "./payment-required.js";
import { privateKeySigner, type X402Signer } from "./signer.js";
import { isSponsored, type Payer, type SignedTransfer, signTransfer } from "./sip010-transfer.js";
import { DEFAULT_STACKS_API_URLS, type FetchLike, type StacksApi, stacksApi } from "./stacks-api.js";

/** The default fee of a payment transfer, in µSTX (0.003 STX). */
export const DEFAULT_FEE_MICRO_STX = 3_000n;
/** How long the agent waits for a transaction it broadcast to show in the API (SPEC.md form). */
const INDEX_WAIT_MS = 30_000;
const INDEX_POLL_MS = 500;

/** What the wrapped fetch is called with: a Request (a platform `fetch` or Hono's `app.fetch` fit). */
export type RequestHandler = (request: Request) => Response | Promise<Response>;

/** Options of `wrapFetchWithPayment`, beside the key (`privateKey` or `signer`). */
export interface X402AgentBaseOptions extends PaymentPolicyOptions {
  /** Stacks API for nonces and broadcasts (default: Hiro's API for `network`). */
  stacksApiUrl?: string | undefined;
  /** `fetch` for the Stacks API (default: the global `fetch`). */
  stacksFetch?: FetchLike | undefined;
  /** Replaces the Stacks API client altogether (other indexers, tests). */
  chainApi?: StacksApi | undefined;
  /**
   * Fee of each payment transfer in µSTX (default 3000). An offer naming a `feePayer` is paid with
   * a sponsored transaction instead: fee 0, the merchant's sponsor pays the fee.
   */
  fee?: AtomicAmount | undefined;
  /** The forms the agent pays in, most preferred first (default v2, v1, SPEC.md); others are never used. */
  forms?: readonly X402Form[] | undefined;
  /** Asked before each payment (nothing is signed yet); false declines it (`payment_declined`). */
  beforePayment?: ((offer: X402Offer) => boolean | Promise<boolean>) | undefined;
  /** Told of each payment sent, once the server answered the paid retry. */
  onPayment?: ((payment: X402Payment) => void | Promise<void>) | undefined;
  /**
   * A 402 answer to the paid retry: returned as it is (`"return"`, the default; `getPayment` tells
   * the reason) or thrown as `payment_rejected`. Either way the request is not paid again.
   */
  onRejected?: "return" | "throw" | undefined;
  /** Payments from one account are serialized through this (default: one manager per process). */
  nonceManager?: NonceManager | undefined;
  /**
   * x402's `payment-identifier`: when the server declares it, each call's payment carries an
   * identifier (`extensions["payment-identifier"].info.id`), fresh per call unless this gives one
   * (say, your order id: 16-128 of `[a-zA-Z0-9_-]`), and a paid retry whose answer was lost (the
   * connection failed, or a `503` with `Retry-After`) is sent again, identical, once: the server
   * answers it from its record instead of charging again. `false`: never send one.
   */
  paymentIdentifier?: false | ((request: Request) => string | undefined) | undefined;
}

/** Options of `wrapFetchWithPayment`: the policy, and the key as a private key or a signer. */
export type X402AgentOptions = X402AgentBaseOptions &
  ({ privateKey: string; signer?: never } | { signer: X402Signer; privateKey?: never });

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function feeOf(value: AtomicAmount | undefined): bigint {
  if (value === undefined) return DEFAULT_FEE_MICRO_STX;
  const text = typeof value === "bigint" ? value.toString() : String(value);
  if (!/^\d{1,20}$/.test(text))
    throw new X402PaymentError("invalid_options", "fee must be a non-negative integer in µSTX");
  return BigInt(text);
}

function signerOf(options: X402AgentOptions): X402Signer {
  if (options.signer) return options.signer;
  if (!options.privateKey) throw new X402PaymentError("invalid_options", "give a privateKey or a signer");
  try {
    return privateKeySigner(options.privateKey);
  } catch (err) {
    throw new X402PaymentError("invalid_options", "privateKey is not a secp256k1 private key (hex)", {
      cause: err,
    });
  }
}

async function payerFrom(signer: X402Signer, network: StacksNetworkName): Promise<Payer> {
  try {
    const publicKey = await signer.getPublicKey();
    return { publicKey, address: getAddressFromPublicKey(publicKey, network) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new X402PaymentError("signer_failed", `the signer gave no usable public key: ${message}`, {
      cause: err,
    });
  }
}

/** The request again, with the payment header (its body is read from `request`, unused so far). */
function withPaymentHeader(request: Request, header: { name: string; value: string }): Request {
  const headers = new Headers(request.headers);
  headers.set(header.name, header.value);
  return new Request(request, { headers });
}

/** A wrapped fetch's fixed parts: its policy, key, chain and resource server. */
interface Agent {
  policy: PaymentPolicy;
  signer: X402Signer;
  chain: StacksApi;
  nonces: NonceManager;
  fetchImpl: RequestHandler;
}

/** One payment: the request it pays for, the offer, the payer and the fee. */
interface Attempt {
  request: Request;
  /** The payment's `extensions` (v2): the echoed `payment-identifier` with this call's id. */
  extensions: Json | null;
  choice: OfferChoice;
  payer: Payer;
  /** 0 when sponsored. */
  fee: bigint;
  /** Signed as a sponsored transaction for the offer's `feePayer` to co-sign. */
  sponsored: boolean;
}

/** The server's answer to the paid retry, and the payment behind it. */
interface PaidAnswer {
  response: Response;
  payment: X402Payment;
}

/**
 * Wraps `fetch` so that x402 `402 Payment Required` answers are paid in sBTC or USDC on Stacks
 * and the request retried once with the payment. Any other answer passes through untouched; so
 * does a 402 without x402 requirements. The payment behind a returned response is
 * `getPayment(response)`; the server's receipt `getPaymentReceipt(response)`.
 *
 * It refuses, with an `X402PaymentError` and before signing anything, to pay above `maxAmount`
 * (`amount_exceeds_max`), in an asset not allowed, on another network, in another scheme or
 * past expiry (`no_payable_offer`). Payments from one account are serialized and their nonces
 * tracked, so an agent can make many paid calls back to back or concurrently.
 *
 * @example
 * const paidFetch = wrapFetchWithPayment(fetch, {
 *   privateKey: process.env.AGENT_KEY!,
 *   network: "mainnet",
 *   maxAmount: { usdc: 10_000n }, // at most $0.01 per call
 * });
 * const res = await paidFetch("https://api.example.com/paid");
 */
export function wrapFetchWithPayment(fetchImpl: RequestHandler, options: X402AgentOptions): FetchLike {
  const policy = paymentPolicy(options);
  const fee = feeOf(options.fee);
  const forms = options.forms ?? DEFAULT_FORM_ORDER;
  const signer = signerOf(options);
  const agent: Agent = {
    policy,
    signer,
    chain:
      options.chainApi ??
      stacksApi(options.stacksApiUrl ?? DEFAULT_STACKS_API_URLS[policy.stacksNetwork], options.stacksFetch),
    nonces: options.nonceManager ?? sharedNonceManager,
    // Called as a plain function: a browser's `fetch` called as a method of `agent` throws
    // "Illegal invocation".
    fetchImpl: (request) => fetchImpl(request),
  };

  let payer: Promise<Payer> | null = null;
  /** The paying account, asked of the signer once (again after a failure). */
  const payerOf = (): Promise<Payer> => {
    if (payer) return payer;
    const asking = payerFrom(signer, policy.stacksNetwork);
    payer = asking;
    asking.catch(() => {
      if (payer === asking) payer = null; // the caller gets the error; the next call asks again
    });
    return asking;
  };

  return async (input, init) => {
    const request = new Request(input, init);
    const first = await fetchImpl(request.clone());
    if (first.status !== 402) return first;
    const challenges = await readPaymentRequired(first);
    if (challenges.length === 0) return first;
    await first.body?.cancel(); // read already (a clone); the caller gets the paid answer or an error
    const choice = chooseOffer(challenges, policy, nowSeconds(), forms);
    if (options.beforePayment && !(await options.beforePayment(choice.offer)))
      throw new X402PaymentError("payment_declined", "beforePayment declined the payment");
    const sponsored = isSponsored(choice.offer);
    const attempt: Attempt = {
      request,
      extensions: identifiedExtensions(options, choice, request),
      choice,
      payer: await payerOf(),
      fee: sponsored ? 0n : fee,
      sponsored,
    };

    const { response, payment } =
      choice.offer.form === "spec" ? await payBroadcast(agent, attempt) : await paySigned(agent, attempt);
    recordPayment(response, payment);
    await options.onPayment?.(payment);
    if (payment.status === "rejected" && options.onRejected === "throw")
      throw new X402PaymentError(
        "payment_rejected",
        `the server refused the payment: ${payment.rejectionReason ?? "payment_rejected"}`,
        { reason: payment.rejectionReason, payment },
      );
    return response;
  };
}

/** The account's nonce goes to a transaction that reached the chain; an unknown fate counts as not. */
async function reachedChain(chain: StacksApi, txid: string): Promise<boolean> {
  return chain.hasTransaction(txid).catch(() => false);
}

/** Signs with the reserved nonce, refusing first if the offer expired while it waited. */
async function signFor(agent: Agent, attempt: Attempt, nonce: bigint): Promise<SignedTransfer> {
  const { offer } = attempt.choice;
  if (isExpired(offer, nowSeconds()))
    throw new X402PaymentError("offer_expired", "the requirement expired while the payment waited its turn", {
      expiresAt: offer.expiresAt,
    });
  return signTransfer(agent.signer, attempt.payer, {
    offer,
    network: agent.policy.stacksNetwork,
    payer: attempt.payer.address,
    nonce,
    fee: attempt.fee,
    ...(attempt.sponsored ? { sponsored: true } : {}),
  });
}

/**
 * The extensions a v2 payment sends: the server's `payment-identifier` declaration echoed with an
 * id (the caller's, or a fresh one for this call); null when the server declared none.
 */
function identifiedExtensions(options: X402AgentOptions, choice: OfferChoice, request: Request): Json | null {
  if (options.paymentIdentifier === false || choice.offer.form !== "v2") return null;
  const id =
    (options.paymentIdentifier ? options.paymentIdentifier(request) : undefined) ?? generatePaymentId();
  try {
    return withPaymentIdentifier(choice.challenge.extensions, id);
  } catch (err) {
    throw new X402PaymentError("invalid_options", "paymentIdentifier gave an invalid identifier", {
      cause: err,
    });
  }
}

/** Seconds the agent waits, at most, before sending an identified payment again. */
const RESEND_WAIT_CAP_SECONDS = 5;

/** Whether an answer to an identified payment is worth sending the same payment again: busy or unreachable. */
function resendWait(response: Response): number | null {
  if (response.status !== 503) return null;
  const retryAfter = Number(response.headers.get("retry-after"));
  return Number.isFinite(retryAfter) && retryAfter >= 0
    ? Math.min(retryAfter, RESEND_WAIT_CAP_SECONDS)
    : null;
}

/**
 * The retry with the payment header. A payment with an identifier whose answer was lost (the
 * request failed, or a 503 with Retry-After) is sent once more, identical: the server answers it
 * from its record of the identifier, so it is never charged twice.
 */
async function sendPayment(
  agent: Agent,
  attempt: Attempt,
  payload: X402PayloadData,
): Promise<{ response: Response; receipt: X402Receipt | null }> {
  const { challenge, offer } = attempt.choice;
  const header = paymentHeader(challenge, offer, payload, attempt.payer.address, attempt.extensions);
  const send = () => agent.fetchImpl(withPaymentHeader(attempt.request, header));
  let response: Response;
  try {
    response = await send();
  } catch (err) {
    if (!attempt.extensions) throw err;
    response = await send();
    return { response, receipt: receiptOf(response) };
  }
  const wait = attempt.extensions ? resendWait(response) : null;
  if (wait !== null) {
    await response.body?.cancel();
    await sleep(wait * 1000);
    response = await send();
  }
  return { response, receipt: receiptOf(response) };
}

const paymentIdOf = (extensions: Json | null): string | undefined => {
  const ext = extensions?.["payment-identifier"] as { info?: { id?: string } } | undefined;
  return ext?.info?.id;
};

/** A malformed receipt header does not undo a served resource: the payment just has no receipt. */
function receiptOf(response: Response): X402Receipt | null {
  try {
    return readReceipt(response.headers);
  } catch {
    return null;
  }
}

/** What the payment came to, from the server's answer and whether the transfer reached the chain. */
async function describePayment(
  attempt: Attempt,
  signed: SignedTransfer,
  nonce: bigint,
  answer: { response: Response; receipt: X402Receipt | null },
  reached: boolean,
): Promise<PaidAnswer> {
  const { offer } = attempt.choice;
  const { response, receipt } = answer;
  const rejected = response.status === 402;
  const payment: X402Payment = {
    status: rejected ? "rejected" : reached ? "paid" : "unsettled",
    form: offer.form,
    offer,
    network: offer.network,
    asset: offer.asset,
    payTo: offer.payTo,
    amount: offer.amount,
    payer: attempt.payer.address,
    // A sponsored transfer's txid is fixed by the sponsor's signature: the receipt tells it.
    txid: attempt.sponsored && receipt?.transaction ? receipt.transaction : signed.txid,
    nonce,
    fee: attempt.fee,
    receipt,
    ...(paymentIdOf(attempt.extensions) ? { paymentId: paymentIdOf(attempt.extensions) } : {}),
    ...(rejected ? { rejectionReason: receipt?.errorReason ?? (await rejectionReason(response)) } : {}),
  };
  return { response, payment };
}

/**
 * v2 and v1: the signed transfer travels in the header and the server broadcasts it when it
 * settles, so the account's next payment waits until the server has answered.
 */
function paySigned(agent: Agent, attempt: Attempt): Promise<PaidAnswer> {
  return agent.nonces.withNextNonce(agent.chain, attempt.payer.address, async (nonce) => {
    const signed = await signFor(agent, attempt, nonce);
    let outcome: NonceOutcome<PaidAnswer>;
    try {
      const answer = await sendPayment(agent, attempt, { transaction: signed.hex });
      const settled = answer.response.status !== 402 && answer.receipt?.success === true;
      const reached = settled || (await reachedChain(agent.chain, signed.txid));
      outcome = {
        consumed: reached,
        ok: true,
        value: await describePayment(attempt, signed, nonce, answer, reached),
      };
    } catch (error) {
      outcome = { consumed: await reachedChain(agent.chain, signed.txid), ok: false, error };
    }
    return outcome;
  });
}

/**
 * SPEC.md's form: the agent broadcasts the transfer itself, waits until the API knows it, and
 * sends its txid. Only the broadcast holds the account's turn.
 */
async function payBroadcast(agent: Agent, attempt: Attempt): Promise<PaidAnswer> {
  const { chain } = agent;
  const { signed, nonce } = await agent.nonces.withNextNonce(chain, attempt.payer.address, async (nonce) => {
    const signed = await signFor(agent, attempt, nonce);
    try {
      await chain.broadcast(signed.hex);
      return { consumed: true, ok: true, value: { signed, nonce } };
    } catch (error) {
      const refused = error instanceof X402PaymentError && error.code === "broadcast_failed";
      return { consumed: !refused && (await reachedChain(chain, signed.txid)), ok: false, error };
    }
  });
  const deadline = Date.now() + INDEX_WAIT_MS;
  while (!(await reachedChain(chain, signed.txid)) && Date.now() < deadline) await sleep(INDEX_POLL_MS);
  const answer = await sendPayment(agent, attempt, { txid: signed.txid });
  return describePayment(attempt, signed, nonce, answer, true);
}
