import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

/** A refund of an order's payment, as the `refund.*` webhooks reported it. */
export interface OrderRefund {
  /** What the refund gives back, in micro-dollars (an integer string, exact below a cent). */
  amount_micros: string;
  status: "succeeded" | "failed";
  /** The merchant's refund transfer, once it counted. */
  txid: string | null;
  /** Why it failed (canceled, or the transfer failed on chain). */
  status_reason: string | null;
}

/**
 * An order of the shop: created at checkout, paid when sPay says the payment settled, refunded
 * (in part or in full) as the merchant's refund transfers are confirmed.
 */
export interface Order {
  id: string;
  item: string;
  amount_minor: number;
  status: "pending" | "paid" | "partially_refunded" | "refunded";
  payment_intent_id: string | null;
  /**
   * The intent's exact price in micro-dollars. Refunds are summed in these: cents are rounded
   * down per refund, so two half refunds of $19.99 read 999 + 999 cents, a cent short of whole.
   */
  amount_micros: string | null;
  pay_url: string | null;
  created_at: string;
  paid_at: string | null;
  /** The txid of the settled payment. */
  txid: string | null;
  /** The webhook (`webhook-id` = event id) that marked the order paid. */
  paid_by_event: string | null;
  /** Micro-dollars given back by refunds that succeeded (an integer string). */
  refunded_micros?: string;
  /** Refunds by id (`re_…`): each counted once, whatever the event that reports it. */
  refunds?: Record<string, OrderRefund>;
}

interface State {
  orders: Record<string, Order>;
  /** `webhook-id`s already applied, so a retry or a redelivery is acknowledged and not applied again. */
  processed_webhooks: string[];
}

/**
 * Orders and the webhook ids already handled, in one JSON file written atomically (temp file +
 * rename) after each change. Node runs one request handler at a time between awaits, and every
 * method here is synchronous, so "already processed? → apply → remember" cannot interleave.
 * A real shop would use its database, with the same unique key on the webhook id.
 */
export class OrderStore {
  private readonly state: State;
  private readonly processed: Set<string>;

  constructor(private readonly file: string) {
    this.state = existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as State)
      : { orders: {}, processed_webhooks: [] };
    this.processed = new Set(this.state.processed_webhooks);
  }

  private save(): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.state, null, 2)}\n`);
    renameSync(tmp, this.file);
  }

  create(input: { item: string; amount_minor: number }): Order {
    const order: Order = {
      id: `ord_${randomBytes(8).toString("hex")}`,
      item: input.item,
      amount_minor: input.amount_minor,
      status: "pending",
      payment_intent_id: null,
      amount_micros: null,
      pay_url: null,
      created_at: new Date().toISOString(),
      paid_at: null,
      txid: null,
      paid_by_event: null,
    };
    this.state.orders[order.id] = order;
    this.save();
    return order;
  }

  attachIntent(orderId: string, intent: { id: string; spay_url: string; amount_micros: string }): Order {
    const order = this.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    order.payment_intent_id = intent.id;
    order.amount_micros = intent.amount_micros;
    order.pay_url = intent.spay_url;
    this.save();
    return order;
  }

  get(id: string): Order | undefined {
    return this.state.orders[id];
  }

  /** The order a payment intent pays: by `metadata.order_id`, else by the intent id we stored. */
  findForIntent(intent: { id: string; metadata?: Record<string, string> | null }): Order | undefined {
    const byMetadata = intent.metadata?.order_id;
    if (byMetadata) return this.get(byMetadata);
    return Object.values(this.state.orders).find((o) => o.payment_intent_id === intent.id);
  }

  alreadyProcessed(webhookId: string): boolean {
    return this.processed.has(webhookId);
  }

  /** Applies `change` (if any) and remembers the webhook id, in one write. */
  process(webhookId: string, change?: () => void): void {
    change?.();
    this.processed.add(webhookId);
    this.state.processed_webhooks.push(webhookId);
    this.save();
  }
}
