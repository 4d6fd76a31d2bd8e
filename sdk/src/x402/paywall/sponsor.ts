/**
 * The paywall as its payers' fee sponsor (SIP-005 sponsored transactions): the merchant's own
 * key, held by the merchant's paywall process, never by the gateway. Its requirements name the
 * sponsor's address as `extra.feePayer`; a client that sees it signs a sponsored transaction with
 * fee 0, and the paywall co-signs it as sponsor — a fee, the sponsor's account nonce, its
 * signature — before the gateway verifies and settles it.
 *
 * A sponsor nonce must be the sponsor's next one when the gateway checks it, and concurrent
 * payments must not share one: each co-sign-then-ask-the-gateway step (verify, then settle) runs
 * in the sponsor's turn, and the next nonce is tracked locally as well as read from the chain.
 * The paid handler runs outside the turn: payments are serialized only while the gateway answers.
 */
import {
  AuthType,
  deserializeTransaction,
  getAddressFromPrivateKey,
  type StacksTransactionWire,
  serializePayload,
  sponsorTransaction,
} from "@stacks/transactions";
import type { StacksNetworkName } from "../agent/payment-policy.js";
import { DEFAULT_STACKS_API_URLS, type FetchLike, type StacksApi, stacksApi } from "../agent/stacks-api.js";

/** Fee the sponsor pays when the Stacks API gives no estimate, µSTX (the agent's default fee). */
export const DEFAULT_SPONSOR_FEE = 3_000n;
/** The most the sponsor pays for one payment's fee unless told otherwise, µSTX (0.01 STX). */
export const DEFAULT_MAX_SPONSOR_FEE = 10_000n;

/** `sponsor` of the paywall's options: the merchant pays its payers' transaction fees. */
export interface PaywallSponsorOptions {
  /** The sponsoring account's private key (hex). It pays the fees: keep it funded with STX. */
  privateKey: string;
  /** The most µSTX it pays for one payment (default 10 000); a payment needing more is refused. */
  maxFee?: bigint | number | undefined;
  /** A fixed fee in µSTX; default the Stacks API's estimate (3 000 when it gives none). */
  fee?: bigint | number | undefined;
  /** Stacks API for the sponsor's nonce and fee estimates (default Hiro's for the network). */
  stacksApiUrl?: string | undefined;
  /** `fetch` for the Stacks API. */
  fetch?: FetchLike | undefined;
}

/** Why the paywall will not sponsor a payment (the 402's `error`). */
export type SponsorRefusal = "invalid_transaction" | "invalid_signature" | "sponsor_fee_too_high";

export class SponsorRefused extends Error {
  constructor(
    readonly reason: SponsorRefusal,
    message: string,
  ) {
    super(message);
    this.name = "SponsorRefused";
  }
}

/** What happened to a sponsor nonce a job held: spent on chain, untouched, or unknown (resync). */
export type SponsorNonceFate = "consumed" | "unused" | "unknown";

/**
 * One sponsor account's nonces: jobs run one at a time, each with the account's next nonce — the
 * larger of the locally tracked one and the chain's `possible_next_nonce`. A consumed nonce
 * advances the local count; an unused one leaves it; an unknown fate resyncs from the chain.
 */
export class SponsorNonces {
  #tail: Promise<unknown> = Promise.resolve();
  #next: bigint | undefined;

  constructor(private readonly chainNext: () => Promise<bigint>) {}

  run<T>(job: (nonce: bigint) => Promise<{ value: T; fate: SponsorNonceFate }>): Promise<T> {
    const turn = this.#tail.then(async () => {
      const chain = await this.chainNext();
      const nonce = this.#next !== undefined && this.#next > chain ? this.#next : chain;
      let fate: SponsorNonceFate = "unknown";
      try {
        const outcome = await job(nonce);
        fate = outcome.fate;
        return outcome.value;
      } finally {
        if (fate === "consumed") this.#next = nonce + 1n;
        else if (fate === "unknown") this.#next = undefined;
      }
    });
    this.#tail = turn.catch(() => undefined);
    return turn;
  }

  /** The locally tracked next nonce, if any (for inspection and tests). */
  get tracked(): bigint | undefined {
    return this.#next;
  }
}

/** A sponsored transaction co-signed with one nonce: hex and `0x` txid. */
export interface Cosigned {
  hex: string;
  txid: string;
}

/** A payment the paywall sponsors: co-sign it with a nonce the sponsor's turn gives. */
export interface Sponsorship {
  /** The sponsor's fee for it, µSTX. */
  fee: bigint;
  cosign(nonce: bigint): Promise<Cosigned>;
  /** Runs a co-sign-and-ask job in the sponsor's turn (see SponsorNonces). */
  inTurn<T>(job: (nonce: bigint) => Promise<{ value: T; fate: SponsorNonceFate }>): Promise<T>;
  /** Whether the co-signed transaction reached the chain (mempool or mined). */
  reachedChain(txid: string): Promise<boolean>;
}

/** The merchant's sponsor: its address per network, and sponsorship of incoming transactions. */
export interface PaywallSponsor {
  /** The sponsor's address on a CAIP-2 Stacks network (the requirements' `extra.feePayer`). */
  feePayer(caip2Network: string): string;
  /**
   * The sponsorship of a signed transaction (hex), or null when it is not a sponsored one (the
   * payer pays its own fee then). Throws SponsorRefused when the paywall will not sponsor it.
   */
  sponsorshipOf(transactionHex: string): Promise<Sponsorship | null>;
}

const MAINNET_CAIP2 = "stacks:1";

const networkName = (caip2: string): StacksNetworkName => (caip2 === MAINNET_CAIP2 ? "mainnet" : "testnet");

function microStx(value: bigint | number | undefined, fallback: bigint, what: string): bigint {
  if (value === undefined) return fallback;
  const text = typeof value === "bigint" ? value.toString() : String(value);
  if (!/^\d{1,15}$/.test(text))
    throw new TypeError(`paywall: sponsor.${what} must be a whole number of µSTX`);
  return BigInt(text);
}

/** The Stacks API's middle fee estimate for a transaction, or null when it gives none. */
async function estimateFee(
  root: string,
  fetchImpl: FetchLike,
  tx: StacksTransactionWire,
): Promise<bigint | null> {
  try {
    const res = await fetchImpl(`${root}/v2/fees/transaction`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        transaction_payload: serializePayload(tx.payload),
        // A sponsored single-sig transaction has the same length once the sponsor signed.
        estimated_len: tx.serializeBytes().length,
      }),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { estimations?: { fee?: unknown }[] };
    const estimations = body.estimations ?? [];
    const fee = (estimations[1] ?? estimations[0])?.fee;
    return typeof fee === "number" && Number.isSafeInteger(fee) && fee >= 0 ? BigInt(fee) : null;
  } catch {
    return null;
  }
}

/** The merchant's fee sponsor, from the paywall's `sponsor` option. */
export function createSponsor(options: PaywallSponsorOptions): PaywallSponsor {
  const maxFee = microStx(options.maxFee, DEFAULT_MAX_SPONSOR_FEE, "maxFee");
  const fixedFee = options.fee === undefined ? null : microStx(options.fee, 0n, "fee");
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const address = (network: StacksNetworkName) => {
    try {
      return getAddressFromPrivateKey(options.privateKey, network);
    } catch (err) {
      throw new TypeError("paywall: sponsor.privateKey is not a secp256k1 private key (hex)", { cause: err });
    }
  };
  address("testnet"); // a bad key fails at construction
  const apis = new Map<StacksNetworkName, StacksApi>();
  const nonces = new Map<StacksNetworkName, SponsorNonces>();
  const apiOf = (network: StacksNetworkName): StacksApi => {
    let api = apis.get(network);
    if (!api) {
      api = stacksApi(options.stacksApiUrl ?? DEFAULT_STACKS_API_URLS[network], fetchImpl);
      apis.set(network, api);
    }
    return api;
  };
  const noncesOf = (network: StacksNetworkName): SponsorNonces => {
    let queue = nonces.get(network);
    if (!queue) {
      const api = apiOf(network);
      const sponsor = address(network);
      queue = new SponsorNonces(() => api.possibleNextNonce(sponsor));
      nonces.set(network, queue);
    }
    return queue;
  };

  return {
    feePayer: (caip2Network) => address(networkName(caip2Network)),

    async sponsorshipOf(transactionHex) {
      let tx: StacksTransactionWire;
      try {
        tx = deserializeTransaction(transactionHex.replace(/^0x/, ""));
      } catch {
        return null; // not a transaction: the gateway says what is wrong with it
      }
      if (tx.auth.authType !== AuthType.Sponsored) return null;
      try {
        tx.verifyOrigin(); // the origin signs first (SIP-005): nothing to co-sign without it
      } catch {
        throw new SponsorRefused("invalid_signature", "the sponsored payment is not signed by its origin");
      }
      if (tx.auth.spendingCondition.fee !== 0n)
        throw new SponsorRefused(
          "invalid_transaction",
          `a sponsored payment's own fee must be 0, not ${tx.auth.spendingCondition.fee} µSTX`,
        );
      const network: StacksNetworkName = tx.transactionVersion === 0x00 ? "mainnet" : "testnet";
      const api = apiOf(network);
      const fee = fixedFee ?? (await estimateFee(api.baseUrl, fetchImpl, tx)) ?? DEFAULT_SPONSOR_FEE;
      if (fee > maxFee)
        throw new SponsorRefused(
          "sponsor_fee_too_high",
          `the fee of ${fee} µSTX is above the ${maxFee} µSTX this merchant sponsors`,
        );
      const original = tx.serialize();
      return {
        fee,
        async cosign(nonce) {
          const cosigned = await sponsorTransaction({
            transaction: deserializeTransaction(original),
            sponsorPrivateKey: options.privateKey,
            fee,
            sponsorNonce: nonce,
            network,
          });
          return { hex: cosigned.serialize(), txid: `0x${cosigned.txid()}` };
        },
        inTurn: (job) => noncesOf(network).run(job),
        reachedChain: (txid) => api.hasTransaction(txid).catch(() => false),
      };
    },
  };
}
