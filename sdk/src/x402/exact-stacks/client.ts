/**
 * `ExactStacksClientScheme`: pays x402 `exact` requirements on Stacks for `@x402/core`'s
 * `x402Client` (so `@x402/fetch`, `@x402/axios`…). From a requirement it builds sPay's SIP-010
 * transfer — memo = `extra.nonce`, a single `willSendEq(amount)` post-condition in deny mode —
 * with the payer's next account nonce and a fee from a Stacks API, signs it (private key or an
 * `X402Signer`) and answers `{transaction: <hex>}`, which the server's facilitator broadcasts.
 * A requirement naming a fee sponsor (`extra.feePayer`) is paid as sPay's agent pays it: a
 * sponsored transaction (SIP-005) with fee 0, which the merchant's paywall co-signs, paying the fee.
 *
 * The account's nonce stays reserved until the server has answered the paid request (the
 * scheme's `onPaymentResponse` hook), so payments from one account run one after another, as
 * sPay's own agent does.
 */
import { caip2Network, readOffer, X402_NETWORKS } from "@spay/protocol/x402";
import { getAddressFromPublicKey } from "@stacks/transactions";
import type { PaymentResponseContext } from "@x402/core/client";
import type {
  PaymentPayloadContext,
  PaymentPayloadResult,
  PaymentRequirements,
  SchemeClientHooks,
  SchemeNetworkClient,
} from "@x402/core/types";
import { X402PaymentError } from "../agent/errors.js";
import { type NonceManager, sharedNonceManager } from "../agent/nonce-manager.js";
import { refusalOf } from "../agent/offer-selection.js";
import type { AtomicAmount, StacksNetworkName } from "../agent/payment-policy.js";
import { privateKeySigner, type X402Signer } from "../agent/signer.js";
import { isSponsored, type Payer, signTransfer, unsignedTransfer } from "../agent/sip010-transfer.js";
import { DEFAULT_STACKS_API_URLS, type FetchLike, type StacksApi, stacksApi } from "../agent/stacks-api.js";
import { chooseFee, DEFAULT_MAX_FEE_MICRO_STX, type FeeOption, microStx } from "./fee.js";
import { EXACT_SCHEME, knownStacksToken, stacksNetworkOf } from "./networks.js";

/** How often a v1 payment asks the Stacks API whether its nonce is used. */
const NONCE_POLL_MS = 250;

/** How long an account's nonce waits for the server's answer to a paid request at most. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 120_000;

/** Options of `ExactStacksClientScheme`, beside the key (`privateKey` or `signer`). */
export interface ExactStacksClientBaseOptions {
  /**
   * Stacks API for account nonces and fee estimates: one URL, or one per network (default:
   * Hiro's API of the requirement's network).
   */
  stacksApiUrl?: string | Partial<Record<StacksNetworkName, string>> | undefined;
  /** `fetch` for the Stacks API (default: the global `fetch`). */
  stacksFetch?: FetchLike | undefined;
  /**
   * Fee of each transfer in µSTX, or `"estimate"` (the default): the Stacks API's estimate. A
   * requirement naming a `feePayer` is paid sponsored instead: fee 0, the merchant's sponsor pays it.
   */
  fee?: FeeOption | undefined;
  /** The highest fee an estimate may come to, µSTX (default 100000, 0.1 STX). */
  maxFee?: AtomicAmount | undefined;
  /** Payments from one account are serialized through this (default: one manager per process). */
  nonceManager?: NonceManager | undefined;
  /** How long a payment holds its account's nonce waiting for the server's answer (default 120 s). */
  answerTimeoutMs?: number | undefined;
}

export type ExactStacksClientOptions = ExactStacksClientBaseOptions &
  ({ privateKey: string; signer?: never } | { signer: X402Signer; privateKey?: never });

const nowSeconds = () => Math.floor(Date.now() / 1000);

function signerOf(options: ExactStacksClientOptions): X402Signer {
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

/** The server's answer to a paid request: settled or not, and the txid its receipt names (or ""). */
interface Answer {
  settled: boolean;
  settledTxid: string;
}

/** A payment waiting for the server's answer, by its signed transaction. */
interface Pending {
  answered(answer: Answer): void;
}

export class ExactStacksClientScheme implements SchemeNetworkClient {
  readonly scheme = EXACT_SCHEME;
  readonly schemeHooks: SchemeClientHooks;
  readonly #signer: X402Signer;
  readonly #options: ExactStacksClientOptions;
  readonly #maxFee: bigint;
  readonly #nonces: NonceManager;
  readonly #chains = new Map<StacksNetworkName, StacksApi>();
  readonly #publicKey: { value: Promise<string> | null } = { value: null };
  /** Signed transactions (hex) whose paid request has not been answered yet. */
  readonly #pending = new Map<string, Pending>();

  constructor(options: ExactStacksClientOptions) {
    this.#options = options;
    this.#signer = signerOf(options);
    this.#maxFee =
      options.maxFee === undefined ? DEFAULT_MAX_FEE_MICRO_STX : microStx(options.maxFee, "maxFee");
    if (options.fee !== undefined && options.fee !== "estimate") microStx(options.fee, "fee");
    this.#nonces = options.nonceManager ?? sharedNonceManager;
    this.schemeHooks = { onPaymentResponse: (ctx) => this.#onPaymentResponse(ctx) };
  }

  /**
   * USDC contracts sPay knows, for `x402Client`'s USD spend controls (default cap $1 a payment).
   * sBTC is not USD-pegged: allow it with `spendControls.allowedAssets` and an atomic cap.
   */
  findDefaultAsset(asset: string, network: string) {
    const stacksNetwork = stacksNetworkOf(caip2Network(network));
    const token = stacksNetwork ? knownStacksToken(asset, stacksNetwork) : undefined;
    if (token?.alias !== "usdc") return undefined;
    return { asset: token.contractId, decimals: token.decimals, symbol: token.symbol };
  }

  async createPaymentPayload(
    x402Version: number,
    requirements: PaymentRequirements,
    context?: PaymentPayloadContext,
  ): Promise<PaymentPayloadResult> {
    // v1 names the network by word (`stacks-testnet`) and the amount `maxAmountRequired`.
    const network = stacksNetworkOf(caip2Network(String(requirements.network)));
    if (!network)
      throw new X402PaymentError("no_payable_offer", `${requirements.network} is not a Stacks network`);
    const offer = readOffer(x402Version === 1 ? "v1" : "v2", requirements);
    const cap =
      context?.maxAmountPerPayment === undefined ? offer.amount : BigInt(context.maxAmountPerPayment);
    const refusal = refusalOf(
      offer,
      { network: X402_NETWORKS[network], stacksNetwork: network, caps: new Map([[offer.asset, cap]]) },
      nowSeconds(),
    );
    if (refusal === "amount_exceeds_max")
      throw new X402PaymentError(
        "amount_exceeds_max",
        `asks ${offer.amount} of ${offer.asset}, above ${cap}`,
      );
    if (refusal !== null)
      throw new X402PaymentError("no_payable_offer", `the requirement cannot be paid (${refusal})`, {
        reason: refusal,
      });

    const payer = await this.#payer(network);
    const chain = this.#chain(network);
    const sponsored = isSponsored(offer);
    return new Promise<PaymentPayloadResult>((resolve, reject) => {
      this.#nonces
        .withNextNonce(chain, payer.address, async (nonce) => {
          let transaction: string;
          let txid: string;
          try {
            // The sponsor sets the fee of a sponsored transfer; the payer's own is 0.
            const fee = sponsored
              ? 0n
              : await chooseFee(
                  { fee: this.#options.fee ?? "estimate", maxFee: this.#maxFee },
                  await unsignedTransfer(offer, payer, network, nonce, 0n),
                  { baseUrl: chain.baseUrl, network, fetch: this.#fetch },
                );
            ({ hex: transaction, txid } = await signTransfer(this.#signer, payer, {
              offer,
              network,
              payer: payer.address,
              nonce,
              fee,
              ...(sponsored ? { sponsored: true } : {}),
            }));
          } catch (error) {
            return { consumed: false, ok: false, error };
          }
          // @x402/core tells schemes the server's answer for v2 payments only: a v1 payment holds
          // its nonce until the chain shows the nonce used (the server broadcast the transfer).
          const answer =
            x402Version === 1
              ? this.#awaitNonceUsed(chain, payer.address, nonce)
              : this.#awaitAnswer(transaction);
          // v1's payment is whole from the scheme (@x402/core adds nothing to it); v2's is wrapped
          // by @x402/core with the accepted requirement and the resource.
          resolve(
            x402Version === 1
              ? ({
                  x402Version: 1,
                  scheme: EXACT_SCHEME,
                  network: requirements.network,
                  payload: { transaction },
                } as PaymentPayloadResult)
              : { x402Version, payload: { transaction } },
          );
          const { settled, settledTxid } = await answer;
          // A sponsored transfer's txid is fixed by the sponsor's signature: the server's receipt
          // tells it, the payer's own txid is never seen on chain.
          const onChain = settledTxid || txid;
          const consumed = settled || (await chain.hasTransaction(onChain).catch(() => false));
          return { consumed, ok: true, value: undefined };
        })
        .catch(reject);
    });
  }

  /**
   * Resolves as settled once the account's next nonce is past `nonce` (its transfer, sponsored or
   * not, reached the mempool), or as not settled when that did not happen in time.
   */
  async #awaitNonceUsed(chain: StacksApi, address: string, nonce: bigint): Promise<Answer> {
    const deadline = Date.now() + (this.#options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS);
    while (Date.now() < deadline) {
      const next = await chain.possibleNextNonce(address).catch(() => nonce);
      if (next > nonce) return { settled: true, settledTxid: "" };
      await new Promise((resolve) => setTimeout(resolve, NONCE_POLL_MS));
    }
    return { settled: false, settledTxid: "" };
  }

  /** Resolves with the server's verdict on a paid request, or not settled when none came in time. */
  #awaitAnswer(transaction: string): Promise<Answer> {
    return new Promise<Answer>((resolve) => {
      const timer = setTimeout(
        () => done({ settled: false, settledTxid: "" }),
        this.#options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS,
      );
      const done = (answer: Answer) => {
        clearTimeout(timer);
        this.#pending.delete(transaction);
        resolve(answer);
      };
      this.#pending.set(transaction, { answered: done });
    });
  }

  async #onPaymentResponse(ctx: PaymentResponseContext): Promise<void> {
    const transaction = ctx.paymentPayload.payload.transaction;
    if (typeof transaction !== "string") return;
    const settleTxid = ctx.settleResponse?.transaction;
    this.#pending.get(transaction)?.answered({
      settled: ctx.settleResponse?.success === true,
      settledTxid: typeof settleTxid === "string" ? settleTxid : "",
    });
  }

  get #fetch(): FetchLike {
    const custom = this.#options.stacksFetch;
    return custom ?? ((input, init) => fetch(input, init));
  }

  #chain(network: StacksNetworkName): StacksApi {
    let chain = this.#chains.get(network);
    if (!chain) {
      const option = this.#options.stacksApiUrl;
      const url =
        (typeof option === "string" ? option : option?.[network]) ?? DEFAULT_STACKS_API_URLS[network];
      chain = stacksApi(url, this.#fetch);
      this.#chains.set(network, chain);
    }
    return chain;
  }

  /** The paying account on `network`; the signer is asked for its key once (again after a failure). */
  async #payer(network: StacksNetworkName): Promise<Payer> {
    this.#publicKey.value ??= Promise.resolve(this.#signer.getPublicKey());
    const asking = this.#publicKey.value;
    try {
      const publicKey = await asking;
      return { publicKey, address: getAddressFromPublicKey(publicKey, network) };
    } catch (err) {
      if (this.#publicKey.value === asking) this.#publicKey.value = null;
      const message = err instanceof Error ? err.message : String(err);
      throw new X402PaymentError("signer_failed", `the signer gave no usable public key: ${message}`, {
        cause: err,
      });
    }
  }
}
