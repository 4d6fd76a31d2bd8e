import { MICROS_PER_CENT, PAID_STATUSES, type PaymentStatus } from "@spay/protocol";
import { hashToken } from "../../../server/src/domain/secrets.ts";
import * as images from "../../../server/src/services/product-images/test-images.ts";
import { type SeededMerchant, seedMerchant } from "./merchant.ts";
import type { TestStack } from "./stack.ts";

/**
 * Adversarial data: what real merchants and customers type, at its worst — a
 * 200-character name with no space to break at, emoji, right-to-left text (Arabic, Hebrew), the
 * largest price (SPEC.md: $999,999.99) and an account with 10,000 payments.
 */
export const ADVERSARIAL = {
  /** 200 characters, no break opportunity (the API's limit for a product name). */
  longName: `Ultra${"X".repeat(190)}Beans`,
  longOrg: `Organisation${"W".repeat(188)}`,
  arabicName: "قهوة عربية مختصة محمصة طازجة ☕",
  arabicDescription: "حبوب قهوة من اليمن، محمصة هذا الأسبوع، تُشحن خلال يومين. 🚀✨",
  hebrewName: "פולי קפה אתיופי 🌍 ☕",
  emojiDescription: "Single origin 🇪🇹 ☕️ roasted 🔥 this week — שבוע טוב — أسبوع سعيد 🎉",
  /** Customers' emails: short, hyphenated and dotted, and one whose local part has no break at all. */
  emails: ["a@example.com", "someone.long-name@example-shop.com", `${"c".repeat(60)}@example.com`],
  /** The one payment awaiting fulfilment: a filtered list of one row, paid by a devnet transaction. */
  fulfillmentTxid: `0x${"ab".repeat(32)}`,
  maxPriceMinor: 99_999_999,
  payments: 10_000,
  /**
   * Where the account is signed in, as hostile clients report it: a 500-character User-Agent with
   * no break at all (the server names the device by its whole first word), and a real browser's
   * string padded to 500 characters with spaces.
   */
  userAgents: [
    `Agent${"Z".repeat(495)}`,
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${"Extension/1.0 ".repeat(24)}`.slice(
      0,
      500,
    ),
  ],
  ipv6: "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
} as const;

export interface AdversarialMerchant extends SeededMerchant {
  /** Payment links: card and button views of the long, most expensive product. */
  cardLinkId: string;
  buttonLinkId: string;
  /** A hosted checkout URL for a long-named $999,999.99 payment. */
  checkoutUrl: string;
  /** The card link of a product with an image (a wide photo the gateway re-encoded). */
  imageLinkId: string;
  /** An invitation link's token (`/invite#…`) to the long-named organization, for an address with no account. */
  invitationToken: string;
}

async function post(stack: TestStack, key: string, path: string, body: unknown) {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Statuses as a real account holds them: mostly paid, some open, a few failed or expired. */
const STATUS_MIX: readonly PaymentStatus[] = [
  ...Array<PaymentStatus>(12).fill("payment_settled"),
  "requires_payment_method",
  "requires_payment_method",
  "transaction_pending",
  "transaction_confirmed",
  "expired",
  "expired",
  "failed",
  "canceled",
];

/**
 * `count` payments cloned from one real intent of the merchant (so every column is as the API
 * writes it), inserted in batches: statuses from STATUS_MIX, amounts up to the largest price,
 * spread over the last 30 days, customers and product names from the adversarial set.
 */
async function insertPayments(stack: TestStack, templateId: string, count: number): Promise<void> {
  const db = stack.deps.db;
  const {
    seq: _seq,
    amount_received: _received,
    // Derived by the database from amount_micros.
    amount_minor: templateMinor,
    ...template
  } = await db
    .selectFrom("payment_intents")
    .selectAll()
    .where("id", "=", templateId)
    .executeTakeFirstOrThrow();
  const names = [ADVERSARIAL.longName, ADVERSARIAL.arabicName, ADVERSARIAL.hebrewName, "House blend"];
  const now = Math.floor(Date.now() / 1000);
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let g = start; g < Math.min(count, start + BATCH); g++) {
      const at = now - Math.floor((g * 29 * 86_400) / count);
      const amountMinor = g % 97 === 0 ? ADVERSARIAL.maxPriceMinor : 100 + ((g * 7919) % 250_000);
      // The asset amount at the template's rate.
      const amountAsset = String(
        (BigInt(template.amount_asset) * BigInt(amountMinor)) / BigInt(templateMinor),
      );
      const status = STATUS_MIX[g % STATUS_MIX.length] ?? "payment_settled";
      rows.push({
        ...template,
        id: `${template.id}_${g}`,
        memo: `${template.memo}-${g}`,
        amount_micros: amountMinor * MICROS_PER_CENT,
        amount_asset: amountAsset,
        status,
        // A paid payment received its amount (what refunds are measured against); others nothing yet.
        amount_received: PAID_STATUSES.includes(status) ? amountAsset : "0",
        customer_email: `customer${g % 400}@example.com`,
        shipping_address: JSON.stringify(template.shipping_address),
        metadata: JSON.stringify({ product_name: names[g % names.length] }),
        created_at: at,
        updated_at: at,
      });
    }
    // The JSON columns go in as their text, as the gateway writes them.
    await db.insertInto("payment_intents").values(rows).execute();
  }
}

/**
 * The customers settlement would have recorded, by email (the seeded payments are inserted, not
 * settled): each of ADVERSARIAL.emails with the largest lifetime value, in the intent's environment.
 */
async function insertCustomers(stack: TestStack, intentId: string): Promise<void> {
  const db = stack.deps.db;
  const intent = await db
    .selectFrom("payment_intents")
    .select(["workspace_id", "environment_id", "env"])
    .where("id", "=", intentId)
    .executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto("customers")
    .values(
      ADVERSARIAL.emails.map((email, i) => ({
        ...intent,
        id: `cus_adversarial${i}`,
        email,
        address: null,
        payments_count: 1_000,
        refunds_count: 0,
        total_paid_micros: ADVERSARIAL.maxPriceMinor * MICROS_PER_CENT * 1_000,
        total_refunded_micros: 0,
        first_payment_at: now - 86_400,
        last_payment_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/**
 * A merchant whose every name and text is adversarial: a 200-character unbroken organization,
 * workspace display name and product name, RTL and emoji product names and descriptions, a
 * $999,999.99 product, payment links in both views, 10,000 payments (one awaiting fulfilment,
 * paid by a devnet transaction) and customers with long emails.
 */
export async function seedAdversarialMerchant(stack: TestStack): Promise<AdversarialMerchant> {
  const merchant = await seedMerchant(stack);
  const db = stack.deps.db;
  const ws = await db
    .selectFrom("workspaces")
    .select(["organization_id"])
    .where("id", "=", merchant.workspaceId)
    .executeTakeFirstOrThrow();
  // Longer than the API takes today (100): names written before the limit, or by other clients.
  await db
    .updateTable("organizations")
    .set({ name: ADVERSARIAL.longOrg })
    .where("id", "=", ws.organization_id)
    .execute();
  await db
    .updateTable("workspaces")
    .set({
      name: ADVERSARIAL.hebrewName,
      display_name: ADVERSARIAL.longName,
      description: ADVERSARIAL.emojiDescription,
    })
    .where("id", "=", merchant.workspaceId)
    .execute();

  const products = [
    {
      name: ADVERSARIAL.longName,
      description: ADVERSARIAL.emojiDescription,
      price_minor: ADVERSARIAL.maxPriceMinor,
    },
    { name: ADVERSARIAL.arabicName, description: ADVERSARIAL.arabicDescription, price_minor: 1_250 },
    { name: ADVERSARIAL.hebrewName, description: null, price_minor: 99_999_900, view_type: "button" },
    { name: "House blend", description: "250 g whole beans.", price_minor: 1_800 },
  ];
  const created = [];
  for (const p of products)
    created.push(await post(stack, merchant.sk, "/v1/products", { stock: 1_000_000_000, ...p }));
  // The last product gets a photo wider than tall: the card must keep it inside its width.
  const pictured = created.at(-1) as { id: string; payment_link: { id: string } };
  const upload = await fetch(`${stack.apiUrl}/v1/products/${pictured.id}/image`, {
    method: "POST",
    headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "image/jpeg" },
    body: await images.cameraJpeg(1600, 900),
  });
  if (!upload.ok) throw new Error(`product image: ${upload.status} ${await upload.text()}`);

  const card = await post(stack, merchant.sk, "/api/payment-links", {
    product_data: {
      name: ADVERSARIAL.longName,
      price_minor: ADVERSARIAL.maxPriceMinor,
      description: ADVERSARIAL.arabicDescription,
    },
  });
  const button = await post(stack, merchant.sk, "/api/payment-links", {
    product_data: {
      name: ADVERSARIAL.longName,
      price_minor: ADVERSARIAL.maxPriceMinor,
      description: ADVERSARIAL.emojiDescription,
      viewType: "button",
    },
  });
  const intent = await post(stack, merchant.sk, "/v1/payment_intents", {
    amount_minor: ADVERSARIAL.maxPriceMinor,
    customer_email: "customer@example.com",
    metadata: { product_name: ADVERSARIAL.longName },
  });
  await insertPayments(stack, String(intent.id), ADVERSARIAL.payments - 1);
  await db
    .updateTable("payment_intents")
    .set((eb) => ({
      status: "payment_settled",
      fulfillment_status: "processing",
      txid: ADVERSARIAL.fulfillmentTxid,
      amount_received: eb.ref("amount_asset"),
    }))
    // A paid clone: the intent itself stays open for the hosted checkout.
    .where("id", "=", `${intent.id}_1`)
    .execute();
  await insertCustomers(stack, String(intent.id));
  const invitationToken = await seedTeam(stack, ws.organization_id, String(merchant.user.id));
  await seedSessions(stack, String(merchant.user.id));
  return {
    ...merchant,
    cardLinkId: String(card.id),
    buttonLinkId: String(button.id),
    checkoutUrl: String(intent.checkout_url),
    imageLinkId: pictured.payment_link.id,
    invitationToken,
  };
}

/**
 * The team: a second member whose name is the longest and has no space, a pending invitation to an
 * address whose local part has no break, and a second invitation whose token the walk opens signed
 * out (the token is kept only as a hash, so it is written here rather than read from the mail).
 */
async function seedTeam(stack: TestStack, organizationId: string, ownerId: string): Promise<string> {
  const db = stack.deps.db;
  const res = await fetch(`${stack.apiUrl}/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `member-${Date.now()}@example.com`,
      password: "correct horse battery",
      name: "member",
    }),
  });
  const grant = (await res.json()) as { user: { id: string } };
  if (!res.ok) throw new Error(`member: ${res.status} ${JSON.stringify(grant)}`);
  const now = Math.floor(Date.now() / 1000);
  await db.updateTable("users").set({ name: ADVERSARIAL.longName }).where("id", "=", grant.user.id).execute();
  await db
    .insertInto("organization_members")
    .values({ organization_id: organizationId, user_id: grant.user.id, role: "developer", created_at: now })
    .execute();
  const token = `invtok_${"layout".repeat(4)}`;
  for (const [id, email, tokenOf] of [
    ["inv_layout_long", ADVERSARIAL.emails[2], `invtok_unused_${now}`],
    ["inv_layout_link", "invitee@example.com", token],
  ] as const) {
    await db
      .insertInto("invitations")
      .values({
        id,
        organization_id: organizationId,
        email,
        role: "support",
        token_hash: hashToken(tokenOf),
        invited_by: ownerId,
        created_at: now,
        expires_at: now + 7 * 24 * 3600,
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      })
      .execute();
  }
  return token;
}

/**
 * Other places the merchant is signed in, reported by the adversarial User-Agents (one from an
 * IPv6 address, one never seen since): Settings → Sessions lists them beside this device.
 */
async function seedSessions(stack: TestStack, userId: string): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await stack.deps.db
    .insertInto("sessions")
    .values(
      ADVERSARIAL.userAgents.map((userAgent, i) => ({
        id: `sess_layout_${i}`,
        user_id: userId,
        token_hash: hashToken(`sess_layout_token_${i}_${now}`),
        created_at: now - 86_400 * (i + 2),
        expires_at: now + 86_400 * 30,
        revoked_at: null,
        second_factor_at: null,
        user_agent: userAgent,
        ip: i === 0 ? ADVERSARIAL.ipv6 : "198.51.100.200",
        last_seen_at: i === 0 ? now - 3_600 : null,
      })),
    )
    .execute();
}
