/**
 * `ExactStacksFacilitatorScheme`: the facilitator side of `exact` on Stacks for `@x402/core`'s
 * `x402Facilitator`, over a Stacks API (Hiro's, or any node speaking its paths). `verify` reads
 * the signed transfer and holds it to the requirement (signature, token, amount, payee, memo,
 * network, expiry), then to the payer's account (its next nonce, the token balance and the STX
 * for the fee); `settle` verifies again, broadcasts, and — with `waitForConfirmation` — answers
 * once the transfer succeeded on chain. It keeps no state: a transfer settles once because its
 * account nonce can be spent once (a second broadcast is refused by the node).
 */
import { readOffer, X402Error } from "@spay/protocol/x402";
import type {
  Network,
  PaymentPayload,
  PaymentRequirements,
  SchemeNetworkFacilitator,
  SettleResponse,
  VerifyResponse,
} from "@x402/core/types";
import { X402PaymentError } from "../agent/errors.js";
import type { StacksNetworkName } from "../agent/payment-policy.js";
import { DEFAULT_STACKS_API_URLS, type FetchLike, type StacksApi, stacksApi } from "../agent/stacks-api.js";
import { EXACT_SCHEME, knownStacksToken, STACKS_CAIP_FAMILY, stacksNetworkOf } from "./networks.js";
import { checkExactTransfer, readSignedTransfer, type SignedTransferFacts } from "./signed-transfer.js";

/** Options of `ExactStacksFacilitatorScheme`. */
export interface ExactStacksFacilitatorOptions {
  /** Stacks API to read accounts from and broadcast to: one URL, or one per network (default Hiro's). */
  stacksApiUrl?: string | Partial<Record<StacksNetworkName, string>> | undefined;
  /** `fetch` for the Stacks API (default: the global `fetch`). */
  stacksFetch?: FetchLike | undefined;
  /** `settle` answers once the transfer succeeded on chain, not when the node took it (default false). */
  waitForConfirmation?: boolean | undefined;
  /** How long `settle` waits for the confirmation at most (default 10 minutes). */
  confirmationTimeoutMs?: number | undefined;
  /** How often `settle` asks whether the transfer was mined (default 1 s). */
  pollIntervalMs?: number | undefined;
}

interface Balances {
  stx: bigint;
  tokens: Map<string, bigint>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A requirement's failure as x402's answer: the reason and what it means. */
function refusal(err: unknown): { reason: string; message: string } {
  if (err instanceof X402Error) return { reason: err.reason, message: err.message };
  if (err instanceof X402PaymentError)
    return {
      reason: err.code === "broadcast_failed" ? "broadcast_failed" : "unexpected_error",
      message: err.message,
    };
  throw err;
}

export class ExactStacksFacilitatorScheme implements SchemeNetworkFacilitator {
  readonly scheme = EXACT_SCHEME;
  readonly caipFamily = STACKS_CAIP_FAMILY;
  readonly #options: ExactStacksFacilitatorOptions;
  readonly #chains = new Map<StacksNetworkName, StacksApi>();

  constructor(options: ExactStacksFacilitatorOptions = {}) {
    this.#options = options;
  }

  /** No extra facts: the payer pays its own fee. */
  getExtra(_network: Network): Record<string, unknown> | undefined {
    return undefined;
  }

  /** The facilitator signs nothing (it does not sponsor fees). */
  getSigners(_network: string): string[] {
    return [];
  }

  async verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
    try {
      const { facts } = await this.#check(payload, requirements);
      return { isValid: true, payer: facts.payer };
    } catch (err) {
      const { reason, message } = refusal(err);
      return { isValid: false, invalidReason: reason, invalidMessage: message };
    }
  }

  async settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    const network = requirements.network;
    let facts: SignedTransferFacts | null = null;
    try {
      const checked = await this.#check(payload, requirements);
      facts = checked.facts;
      const txid = await checked.chain.broadcast(checked.hex);
      if (this.#options.waitForConfirmation) await this.#confirmed(checked.chain, txid);
      return { success: true, transaction: txid, network, payer: facts.payer };
    } catch (err) {
      const { reason, message } = refusal(err);
      return {
        success: false,
        errorReason: reason,
        errorMessage: message,
        transaction: facts?.txid ?? "",
        network,
        ...(facts ? { payer: facts.payer } : {}),
      };
    }
  }

  /** Every check that can be made without broadcasting. */
  async #check(payload: PaymentPayload, requirements: PaymentRequirements) {
    const network = stacksNetworkOf(requirements.network);
    if (!network) throw new X402Error("invalid_network", `${requirements.network} is not a Stacks network`);
    if (requirements.scheme !== EXACT_SCHEME || payload.accepted?.scheme !== EXACT_SCHEME)
      throw new X402Error("invalid_scheme", `only the "${EXACT_SCHEME}" scheme is settled here`);
    if (payload.accepted.network !== requirements.network)
      throw new X402Error("invalid_network", "the payment was made for another network");
    const hex = payload.payload.transaction;
    if (typeof hex !== "string" || !/^(0x)?[0-9a-fA-F]+$/.test(hex))
      throw new X402Error("invalid_payload", "payload.transaction must be a signed Stacks transaction (hex)");
    const offer = readOffer("v2", requirements);
    const facts = readSignedTransfer(hex);
    checkExactTransfer(facts, offer, nowSeconds());

    const chain = this.#chain(network);
    const [nextNonce, balances] = await Promise.all([
      chain.possibleNextNonce(facts.payer),
      this.#balances(chain.baseUrl, facts.payer),
    ]);
    if (facts.nonce !== nextNonce)
      throw new X402Error(
        "invalid_nonce",
        `account nonce is ${nextNonce}, the transaction uses ${facts.nonce}`,
      );
    const assetName = offer.assetName ?? knownStacksToken(offer.asset, network)?.assetName;
    const tokenBalance = assetName
      ? (balances.tokens.get(`${offer.asset}::${assetName}`) ?? 0n)
      : ([...balances.tokens].find(([id]) => id.startsWith(`${offer.asset}::`))?.[1] ?? 0n);
    if (tokenBalance < facts.amount || balances.stx < facts.fee)
      throw new X402Error("insufficient_funds", "the payer cannot cover the amount and fee");
    return { facts, chain, hex: hex.replace(/^0x/, "") };
  }

  /** Waits until the transfer succeeded; a failed or dropped one, or none in time, is an error. */
  async #confirmed(chain: StacksApi, txid: string): Promise<void> {
    const deadline = Date.now() + (this.#options.confirmationTimeoutMs ?? 600_000);
    while (Date.now() < deadline) {
      const res = await this.#fetch(`${chain.baseUrl}/extended/v1/tx/${txid}`);
      const body = (await res.json().catch(() => null)) as { tx_status?: unknown } | null;
      const status = typeof body?.tx_status === "string" ? body.tx_status : "pending";
      if (status === "success") return;
      if (status !== "pending" && res.status !== 404)
        throw new X402Error("transaction_failed", `the transfer ${txid} ended ${status}`);
      await sleep(this.#options.pollIntervalMs ?? 1000);
    }
    throw new X402Error("transaction_not_found", `the transfer ${txid} was not confirmed in time`);
  }

  async #balances(baseUrl: string, address: string): Promise<Balances> {
    const res = await this.#fetch(`${baseUrl}/extended/v1/address/${address}/balances`);
    const body = (await res.json().catch(() => null)) as {
      stx?: { balance?: string; locked?: string };
      fungible_tokens?: Record<string, { balance?: string }>;
    } | null;
    if (!res.ok || typeof body?.stx?.balance !== "string")
      throw new X402PaymentError(
        "chain_unavailable",
        `Stacks API ${baseUrl}: balance lookup answered ${res.status}`,
      );
    const tokens = new Map<string, bigint>();
    for (const [id, entry] of Object.entries(body.fungible_tokens ?? {}))
      if (typeof entry.balance === "string" && /^\d+$/.test(entry.balance))
        tokens.set(id, BigInt(entry.balance));
    const locked = /^\d+$/.test(body.stx.locked ?? "") ? BigInt(body.stx.locked as string) : 0n;
    return { stx: BigInt(body.stx.balance) - locked, tokens };
  }

  get #fetch(): FetchLike {
    return this.#options.stacksFetch ?? ((input, init) => fetch(input, init));
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
}
