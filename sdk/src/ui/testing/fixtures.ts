import type { SPayClient } from "../../core/client.js";
import type { PaymentIntent, PaymentStatus, X402Requirements } from "../../core/types.js";
import type { PaymentLinkData } from "../payment-link-card/linkData.js";

/** A test-mode sBTC intent as the API returns it. */
export function intentFixture(overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  return {
    id: "pi_test123",
    object: "payment_intent",
    amount_minor: 1999,
    amount: 1999,
    amount_micros: "19990000",
    currency: "usd",
    asset: "sbtc",
    amount_sbtc: "18173",
    amount_asset: "18173",
    decimals: 8,
    token_contract: "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token",
    usd_per_btc: 110000,
    usd_per_stx: null,
    recipient: "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5",
    memo: "spay:pi_test123",
    status: "requires_payment_method",
    status_reason: null,
    fulfillment_status: "not_required",
    customer_email: null,
    shipping_address: null,
    merchant_principal: null,
    txid: null,
    amount_received: "0",
    amount_refunded: "0",
    customer_id: null,
    client_secret: "pi_test123_secret_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    spay_url:
      "https://pay.example/pay/pi_test123?client_secret=pi_test123_secret_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    checkout_url:
      "https://pay.example/pay/pi_test123?client_secret=pi_test123_secret_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    payment_method: null,
    product_id: null,
    metadata: {},
    env: "test",
    expires_at: 2_000_000_000,
    created_at: 1_900_000_000,
    canceled_at: null,
    cancellation_reason: null,
    ...overrides,
  };
}

/** A test-mode product as a card shows it. */
export function linkFixture(overrides: Partial<PaymentLinkData> = {}): PaymentLinkData {
  return {
    linkId: "plink_abc",
    productId: "prod_abc",
    merchantName: "Satoshi's Shop",
    env: "test",
    productName: "Coffee Beans",
    description: "1 kg, medium roast",
    priceMinor: 1999,
    stock: 12,
    requireEmail: false,
    requireShipping: false,
    view: "card",
    url: "https://pay.example/payment-links/plink_abc",
    ...overrides,
  };
}

/** SPEC.md §9's x402 example: 1 000 000 minor units of USDC = $1.00. */
export const USDC_REQUIREMENTS: X402Requirements = {
  schemes: [
    {
      scheme: "exact",
      network: "stacks:2147483648",
      recipient: "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5",
      asset: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc",
      asset_type: "sip10",
      amount: "1000000",
      decimals: 6,
      timeout: 300,
    },
  ],
};

/** An sBTC scheme (any asset_type but 'sip10'): 1234 sats. */
export const SBTC_REQUIREMENTS: X402Requirements = {
  schemes: [
    {
      scheme: "exact",
      network: "stacks:2147483648",
      recipient: "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5",
      asset: "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token",
      asset_type: "ft",
      amount: "1234",
      timeout: 60,
    },
  ],
};

/** A client whose intent's status the test drives with `push`. */
export interface FakeClient {
  client: SPayClient;
  /** Sends a new version of the intent to whoever follows it. */
  push: (status: PaymentStatus, extra?: Partial<PaymentIntent>) => void;
  created: unknown[];
  submitted: string[];
}

/** An in-memory stand-in for the API: creation answers `intent`, status follows `push`. */
export function fakeClient(
  intent: PaymentIntent = intentFixture(),
  options: { failCreate?: Error } = {},
): FakeClient {
  let current = intent;
  const listeners = new Set<(pi: PaymentIntent) => void>();
  const created: unknown[] = [];
  const submitted: string[] = [];
  const client = {
    apiUrl: "https://api.example",
    async createPaymentIntent(params: unknown) {
      created.push(params);
      if (options.failCreate) throw options.failCreate;
      return current;
    },
    async retrievePaymentIntent() {
      return current;
    },
    async submitTransaction(_id: string, txid: string) {
      submitted.push(txid);
      current = { ...current, status: "transaction_broadcast", txid };
      return current;
    },
    waitForStatus(
      _id: string,
      opts: { onUpdate?: (pi: PaymentIntent) => void; signal?: AbortSignal } = {},
    ): Promise<PaymentIntent> {
      return new Promise((resolve, reject) => {
        const listener = (pi: PaymentIntent) => {
          opts.onUpdate?.(pi);
          if (["payment_settled", "failed", "canceled", "expired"].includes(pi.status)) {
            listeners.delete(listener);
            resolve(pi);
          }
        };
        listeners.add(listener);
        opts.signal?.addEventListener("abort", () => {
          listeners.delete(listener);
          reject(opts.signal?.reason);
        });
        queueMicrotask(() => opts.onUpdate?.(current));
      });
    },
  };
  return {
    client: client as unknown as SPayClient,
    push(status, extra = {}) {
      current = { ...current, status, ...extra };
      for (const listener of [...listeners]) listener(current);
    },
    created,
    submitted,
  };
}
