import type { z } from "@hono/zod-openapi";
import {
  type Asset,
  centsToMicros,
  decide,
  INTENT_EVENT,
  MICROS_PER_CENT,
  type PaymentStatus,
} from "@spay/protocol";
import { CompiledQuery } from "kysely";
import type { Db } from "../db/database.ts";
import { PREPARED } from "../db/prepared.ts";
import type { PaymentEventRow, PaymentIntentRow } from "../db/schema.ts";
import { clientSecretsOf } from "../domain/client-secret.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import { payoutAddressFor } from "../domain/stacks-address.ts";
import type { Deps, Principal } from "../http/context.ts";
import { CLAIM_VALUE_COUNT, claimText, claimValues, type IdempotencyClaim } from "../http/idempotency.ts";
import type { Pagination } from "../http/openapi.ts";
import type { PaymentIntentSchema } from "../http/schemas.ts";
import { ownedBy, type WorkspaceScope } from "./access.ts";
import { cataloguePrice } from "./catalogue.ts";
import { environmentOf } from "./environments.ts";
import { type EventInput, eventChanges, eventValues, noEndpointSql } from "./events.ts";
import { fetchPage, type Page } from "./pagination.ts";
import { centsToAtomic, usdPerToken } from "./pricing.ts";
import { changeIntent } from "./settlement/transitions.ts";
import { tokensFor } from "./token-registry.ts";
import { transaction } from "./write-transaction.ts";

export interface CreatePaymentIntentInput {
  /** Optional with a product or payment link (their price is used; a different one is refused). */
  amount_minor?: number | undefined;
  currency: "usd";
  asset: Asset;
  customer_email?: string | undefined;
  shipping_address?: Record<string, unknown> | null | undefined;
  metadata?: Record<string, string> | undefined;
  product_id?: string | undefined;
  /** A payment link id: the link's product (or legacy product_data) sets the price. */
  payment_link?: string | undefined;
  merchant_principal?: string | undefined;
  payment_method?: "wallet" | "qr" | "x402" | undefined;
  env?: "test" | "live" | undefined;
  expires_in?: number | undefined;
  /**
   * A payment already made to exact terms (the x402 facilitator): the amount in the token's atomic
   * units, the memo its transfer carries (default the intent id) and what it was worth in
   * micro-dollars (exact below a cent: x402 sells calls at $0.001); amount_minor is not used.
   */
  exact_terms?: { amount_asset: bigint; memo: string | null; amount_micros: number } | undefined;
}

/**
 * The API's `payment_intent` object. `client_secret` is set only in answers to a caller entitled to
 * the intent (see {@link withClientSecret}); null in lists, events and webhook payloads.
 */
export type PaymentIntentView = z.infer<typeof PaymentIntentSchema>;

export function paymentIntentView(deps: Deps, row: PaymentIntentRow): PaymentIntentView {
  const checkoutUrl = `${deps.config.publicUrl}/pay/${row.id}`;
  return {
    id: row.id,
    object: "payment_intent",
    amount_minor: row.amount_minor,
    amount: row.amount_minor,
    amount_micros: String(row.amount_micros),
    currency: row.currency,
    asset: row.asset,
    amount_sbtc: row.asset === "sbtc" ? row.amount_asset : null,
    amount_asset: row.amount_asset,
    decimals: tokensFor(deps.config, row.env)[row.asset].decimals,
    token_contract: row.token_contract,
    usd_per_btc: row.usd_per_btc === null ? null : Number(row.usd_per_btc),
    usd_per_stx: row.usd_per_stx === null ? null : Number(row.usd_per_stx),
    recipient: row.recipient,
    memo: row.memo,
    status: row.status,
    status_reason: row.status_reason,
    fulfillment_status: row.fulfillment_status,
    customer_email: row.customer_email,
    shipping_address: row.shipping_address,
    merchant_principal: row.merchant_principal,
    txid: row.txid,
    amount_received: row.amount_received,
    amount_refunded: row.amount_refunded,
    customer_id: row.customer_id,
    client_secret: null,
    spay_url: checkoutUrl,
    checkout_url: checkoutUrl,
    payment_method: row.payment_method,
    product_id: row.product_id,
    metadata: row.metadata,
    env: row.env,
    expires_at: row.expires_at,
    created_at: row.created_at,
    canceled_at: row.canceled_at,
    cancellation_reason: row.cancellation_reason,
  };
}

/**
 * The view with its client secret, and the hosted checkout URLs carrying it: for the answers of
 * intent creation and of reads by a caller entitled to the intent (its secret key or a member's
 * session, or a browser that already presented the secret). Never for events, webhooks or lists.
 */
export function withClientSecret(deps: Deps, view: PaymentIntentView): PaymentIntentView {
  const secret = clientSecretsOf(deps.secrets).for(view.id);
  const checkoutUrl = `${deps.config.publicUrl}/pay/${view.id}?client_secret=${secret}`;
  return { ...view, client_secret: secret, spay_url: checkoutUrl, checkout_url: checkoutUrl };
}

/**
 * Stripe's rule for public reads: a publishable key, or no credential, reaches an intent by id only
 * with that intent's client secret. Without it, or with another intent's, the answer is the 404 of
 * an unknown id, before any lookup, so the id alone reveals nothing (not even that it exists).
 * Secret keys and sessions read by id; their workspace (and environment) checks come after.
 */
export function assertIntentAccess(
  deps: Deps,
  principal: Principal | undefined,
  id: string,
  clientSecret: string | undefined,
): void {
  if (principal?.kind === "session") return;
  if (principal?.kind === "api_key" && principal.keyType === "secret") return;
  if (!clientSecretsOf(deps.secrets).verify(id, clientSecret)) throw notFound("payment_intent", id);
}

/** Writes a status transition and its payment event in the caller's transaction. */
export async function recordPaymentEvent(
  db: Db,
  intentId: string,
  from: PaymentStatus | null,
  to: PaymentStatus,
  details: { reason?: string | null; txid?: string | null } = {},
): Promise<void> {
  await db
    .insertInto("payment_events")
    .values(paymentEventValues(intentId, from, to, details))
    .execute();
}

function paymentEventValues(
  intentId: string,
  from: PaymentStatus | null,
  to: PaymentStatus,
  details: { reason?: string | null; txid?: string | null },
) {
  return {
    id: newId("paymentEvent"),
    payment_intent_id: intentId,
    from_status: from,
    to_status: to,
    reason: details.reason ?? null,
    txid: details.txid ?? null,
    created_at: nowSeconds(),
  };
}

type CreationContext = {
  environment_id: string;
  type: "sandbox" | "production";
  stacks_address: string | null;
  allow_browser_amounts: boolean;
};

/**
 * Everything creation needs from the database, read in one query — or from the process's cache of
 * workspace facts, which migration 012's notifications keep current (any change to the workspace's
 * environments, payout wallet or browser-amount setting forgets it in every process).
 */
async function creationContext(deps: Deps, db: Db, scope: WorkspaceScope): Promise<CreationContext> {
  const factKey = `creation:${scope.environmentId ?? "sandbox"}`;
  const cached = deps.keys?.fact<CreationContext>(scope.workspaceId, factKey);
  if (cached) return cached;
  const generation = deps.keys?.generation ?? 0;
  let query = db
    .selectFrom("environments as e")
    .innerJoin("workspaces as w", "w.id", "e.workspace_id")
    .leftJoin("workspace_wallets as ww", "ww.workspace_id", "w.id")
    .select(["e.id as environment_id", "e.type", "ww.stacks_address", "w.allow_browser_amounts"])
    .where("w.id", "=", scope.workspaceId);
  query = scope.environmentId
    ? query.where("e.id", "=", scope.environmentId)
    : query.where("e.type", "=", "sandbox");
  const row = await query.orderBy("e.seq").limit(1).executeTakeFirst();
  if (row) {
    deps.keys?.rememberFact(scope.workspaceId, factKey, row, generation);
    return row;
  }
  // No sandbox environment left (a workspace may keep only production ones): make the default.
  await environmentOf(db, scope.workspaceId, scope.environmentId);
  return creationContext(deps, db, scope);
}

/** Payout addresses by wallet and network: the c32 conversion is pure, and the same per workspace. */
const payoutAddresses = new Map<string, string | null>();
function cachedPayoutAddress(wallet: string | null, env: "test" | "live"): string | null {
  if (wallet === null) return null;
  const key = `${env}:${wallet}`;
  let address = payoutAddresses.get(key);
  if (address === undefined) {
    if (payoutAddresses.size >= 10_000) payoutAddresses.clear();
    address = payoutAddressFor(wallet, env);
    payoutAddresses.set(key, address);
  }
  return address;
}

/**
 * The amount of a new intent (the price comes from the catalogue). With a product or a
 * payment link — of the intent's own environment — the catalogue price is used, and a different
 * amount_minor is refused rather than silently replaced. Without one the amount is the caller's:
 * a secret key or session (the merchant's server or dashboard) may set any amount; a publishable
 * key, which any visitor of the merchant's page holds, only when the workspace allows custom
 * amounts from the browser. An intent with `exact_terms` is the gateway's own record of a transfer
 * it verified (x402 settle, also through the public facilitator, which names the workspace by its
 * publishable key): its amount is what was paid, not a price anyone asks for.
 */
async function intentPrice(
  db: Db,
  scope: WorkspaceScope,
  ctx: { environment_id: string; allow_browser_amounts: boolean },
  input: CreatePaymentIntentInput,
): Promise<{ amountMinor: number; productId: string | null }> {
  const browser = scope.principal.kind === "api_key" && scope.principal.keyType === "publishable";
  const catalogue = await cataloguePrice(
    db,
    { workspaceId: scope.workspaceId, environmentId: ctx.environment_id },
    { productId: input.product_id, paymentLinkId: input.payment_link },
    { browser },
  );
  if (catalogue) {
    if (input.amount_minor !== undefined && input.amount_minor !== catalogue.amountMinor)
      throw new ApiError("amount_mismatch", { param: "amount_minor" });
    return { amountMinor: catalogue.amountMinor, productId: catalogue.productId };
  }
  if (input.amount_minor === undefined)
    throw new ApiError("parameter_missing", {
      message: "Missing required param: amount_minor",
      param: "amount_minor",
    });
  if (browser && !ctx.allow_browser_amounts && !input.exact_terms)
    throw new ApiError("custom_amount_not_allowed", { param: "amount_minor" });
  return { amountMinor: input.amount_minor, productId: null };
}

/**
 * The Idempotency-Key claim to write with the intent (see `claimText`): its stored answer is
 * `answer(view)` with `status`.
 */
export interface CreationClaim {
  claim: IdempotencyClaim;
  status: number;
  answer(view: PaymentIntentView): string;
}

/** The create statement's text per claim presence, and the columns it was built for. */
const creationTexts = new Map<boolean, { columns: string[]; text: string }>();

/**
 * The statement that writes an intent, its first payment event and its outbox event (after the
 * claim, when there is one): plain SQL with numbered parameters, since creation is the API's
 * hottest path. Its text depends only on the columns written — the same on every call — so it is
 * built once and kept (building and hashing its 2.5 kB on each create cost more than binding);
 * each create binds only its values, in the order `createPaymentIntent` lists them: claim, intent,
 * first event, outbox event, the fan-out check's.
 */
function creationText(
  claimed: boolean,
  written: { intent: string[]; firstEvent: string[]; outbox: string[]; fannedOut: CompiledQuery },
): string {
  const columns = [...written.intent, ...written.firstEvent, ...written.outbox];
  const kept = creationTexts.get(claimed);
  if (kept && kept.columns.length === columns.length && kept.columns.every((c, i) => c === columns[i]))
    return kept.text;
  // The claim's values come first ($1…), then the rest in order.
  let n = claimed ? CLAIM_VALUE_COUNT : 0;
  const next = () => `$${++n}`;
  const claimClause = claimed ? `claim as (${claimText((i) => `$${i + 1}`)}),` : "";
  const insert = (table: string, names: string[], from: string, raw: Record<string, string> = {}) =>
    `insert into ${table} (${[...names, ...Object.keys(raw)].join(", ")}) select ${[...names.map(next), ...Object.values(raw)].join(", ")} ${from}`;
  const intent = insert(
    "payment_intents",
    written.intent,
    claimed ? "where exists (select 1 from claim)" : "",
  );
  const firstEvent = insert("payment_events", written.firstEvent, "from intent");
  const outboxValues = written.outbox.map(next);
  // The outbox event is written fanned out when no endpoint would receive it (events.ts).
  const fannedOut = written.fannedOut.sql.replace(/\$(\d+)/g, () => next());
  const text = `${PREPARED}with ${claimClause} intent as (${intent} returning id),
    first_event as (${firstEvent}),
    outbox as (insert into events (${[...written.outbox, "fanned_out"].join(", ")}) select ${[...outboxValues, fannedOut].join(", ")} from intent returning fanned_out)
    select count(*)::int as created, bool_and(fanned_out) as fanned_out from intent, outbox`;
  creationTexts.set(claimed, { columns, text });
  return text;
}

/**
 * Creates an intent with its asset amount frozen at the current rate: sats = ceil(usd / usdPerBtc
 * × 1e8); USDC = cents × 10 000. The recipient is the workspace's verified payout wallet on the
 * chain of the key's environment. The intent, its first payment event and the
 * `payment_intent.created` outbox event are written by one statement (writable CTEs), so they
 * commit together — and in two round trips, since creation is the API's hottest path. With an
 * Idempotency-Key claim, the same statement claims the key and stores the answer, and writes the
 * intent only if the claim was won (else it throws, `claim.outcome` = "lost", and nothing is written).
 */
export async function createPaymentIntent(
  deps: Deps,
  scope: WorkspaceScope,
  input: CreatePaymentIntentInput,
  options: { idempotency?: CreationClaim | undefined } = {},
): Promise<PaymentIntentView> {
  const usdPerUnit = input.exact_terms ? null : await usdPerToken(deps, input.asset);
  const ctx = await creationContext(deps, deps.db, scope);
  const env = ctx.type === "production" ? "live" : "test";
  if (input.env && input.env !== env) throw new ApiError("env_mismatch", { param: "env" });
  const recipient = cachedPayoutAddress(ctx.stacks_address, env);
  if (!recipient) throw new ApiError("payout_wallet_missing");
  if (
    input.merchant_principal &&
    input.merchant_principal !== recipient &&
    input.merchant_principal !== ctx.stacks_address
  ) {
    throw new ApiError("merchant_principal_mismatch", { param: "merchant_principal" });
  }
  const price = await intentPrice(deps.db, scope, ctx, input);

  const token = tokensFor(deps.config, env)[input.asset];
  const amountAsset = input.exact_terms
    ? input.exact_terms.amount_asset
    : centsToAtomic(input.asset, price.amountMinor, usdPerUnit);
  const id = newId("paymentIntent");
  const now = nowSeconds();
  const amountMicros = input.exact_terms?.amount_micros ?? centsToMicros(price.amountMinor);
  const row: PaymentIntentRow = {
    id,
    seq: 0,
    workspace_id: scope.workspaceId,
    environment_id: ctx.environment_id,
    env,
    amount_micros: amountMicros,
    amount_minor: Math.floor(amountMicros / MICROS_PER_CENT),
    currency: input.currency,
    asset: input.asset,
    amount_asset: amountAsset.toString(),
    usd_per_btc: input.asset === "sbtc" && usdPerUnit !== null ? String(usdPerUnit) : null,
    usd_per_stx: input.asset === "stx" && usdPerUnit !== null ? String(usdPerUnit) : null,
    token_contract: token.contractId,
    recipient,
    // The id is ≤ 34 bytes, unique, and what the wallet puts in the SIP-010 memo.
    memo: input.exact_terms?.memo ?? id,
    status: "requires_payment_method",
    fulfillment_status: "not_required",
    customer_email: input.customer_email ?? null,
    shipping_address: input.shipping_address ?? null,
    merchant_principal: input.merchant_principal ?? recipient,
    txid: null,
    amount_received: "0",
    payment_method: input.payment_method ?? null,
    metadata: input.metadata ?? {},
    product_id: price.productId,
    status_reason: null,
    expires_at: now + (input.expires_in ?? deps.config.intentTtlSeconds),
    created_at: now,
    updated_at: now,
    canceled_at: null,
    cancellation_reason: null,
    amount_refunded: "0",
    customer_id: null,
  };
  const firstEvent = paymentEventValues(id, null, "requires_payment_method", { reason: "created" });
  const view = paymentIntentView(deps, row);
  const {
    seq: _seq,
    amount_minor: _derivedCents,
    amount_received: _received,
    amount_refunded: _refunded,
    customer_id: _customer,
    ...values
  } = row;
  const intentValues: Record<string, unknown> = {
    ...values,
    shipping_address: JSON.stringify(values.shipping_address),
    metadata: JSON.stringify(values.metadata),
  };
  const outboxEvent: EventInput = {
    workspaceId: scope.workspaceId,
    env,
    type: INTENT_EVENT.created,
    object: view,
  };
  const outbox = eventValues(outboxEvent);
  const claim = options.idempotency;
  const fannedOut = noEndpointSql(scope.workspaceId, env).compile(deps.db);
  const params = [
    ...(claim ? claimValues(deps, claim.claim, { status: claim.status, body: claim.answer(view) }) : []),
    ...Object.values(intentValues),
    ...Object.values(firstEvent),
    ...Object.values(outbox),
    ...fannedOut.parameters,
  ];
  const text = creationText(claim !== undefined, {
    intent: Object.keys(intentValues),
    firstEvent: Object.keys(firstEvent),
    outbox: Object.keys(outbox),
    fannedOut,
  });
  const created = await deps.db.executeQuery<{ created: number; fanned_out: boolean | null }>(
    CompiledQuery.raw(text, params),
  );
  if (claim) {
    if (created.rows[0]?.created !== 1) {
      // The key is held by another request, or done: the idempotency middleware answers with that.
      claim.claim.outcome = "lost";
      throw new ApiError("idempotency_key_in_use", { param: "Idempotency-Key" });
    }
    claim.claim.outcome = "written";
  }
  // One statement, so committed: the outbox event is news for its streams (and endpoints, if any).
  deps.changes.announce(eventChanges(outboxEvent, created.rows[0]?.fanned_out ?? true));
  return view;
}

/** The intent by id alone, whoever owns it: for a caller that checks access itself (ownsRow). */
export async function findIntentById(db: Db, id: string): Promise<PaymentIntentRow | undefined> {
  return db.selectFrom("payment_intents").selectAll().where("id", "=", id).executeTakeFirst();
}

async function findIntent(db: Db, scope: WorkspaceScope, id: string): Promise<PaymentIntentRow> {
  const row = await db
    .selectFrom("payment_intents")
    .selectAll()
    .where("id", "=", id)
    .where(ownedBy(scope, "payment_intents"))
    .executeTakeFirst();
  if (!row) throw notFound("payment_intent", id);
  return row;
}

export async function getPaymentIntent(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
): Promise<PaymentIntentView> {
  return paymentIntentView(deps, await findIntent(deps.db, scope, id));
}

export async function listPaymentIntents(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination & { status?: PaymentStatus[] | undefined },
  url: string,
): Promise<Page<PaymentIntentView>> {
  let query = deps.db.selectFrom("payment_intents").selectAll().where(ownedBy(scope, "payment_intents"));
  if (page.status && page.status.length > 0) query = query.where("status", "in", page.status);
  const result = await fetchPage(deps.db, "payment_intents", scope, page, url, (w) =>
    query.where(w.bounds).orderBy(w.order).limit(w.limit).execute(),
  );
  return { ...result, data: result.data.map((r) => paymentIntentView(deps, r)) };
}

export const CANCELLATION_REASONS = [
  "duplicate",
  "fraudulent",
  "requested_by_customer",
  "abandoned",
] as const;

/** Cancels an intent that has not been paid; once a transaction is under way it can no longer be canceled. */
export async function cancelPaymentIntent(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  reason: (typeof CANCELLATION_REASONS)[number] | undefined,
): Promise<PaymentIntentView> {
  const row = await transaction(deps, async (trx) => {
    const current = await trx
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", id)
      .where(ownedBy(scope, "payment_intents"))
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound("payment_intent", id);
    // Once a transaction is under way (or the intent ended) there is nothing left to cancel.
    const change = decide(current, { kind: "canceled", now: nowSeconds(), reason });
    if (!change) {
      throw new ApiError("payment_intent_unexpected_state", {
        message: `You cannot cancel this PaymentIntent because it has a status of ${current.status}.`,
      });
    }
    return changeIntent(deps, trx, current, change);
  });
  return paymentIntentView(deps, row);
}

export async function listPaymentEvents(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
): Promise<PaymentEventRow[]> {
  await findIntent(deps.db, scope, id);
  return deps.db
    .selectFrom("payment_events")
    .selectAll()
    .where("payment_intent_id", "=", id)
    .orderBy("seq")
    .execute();
}
