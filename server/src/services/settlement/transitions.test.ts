import { INTENT_EVENT, type PaymentStatus, TransitionError } from "@spay/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../../test/harness.ts";
import type { PaymentIntentRow } from "../../db/schema.ts";
import { transaction } from "../write-transaction.ts";
import { changeIntent } from "./transitions.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

/** An intent put in `status` directly (a fixture), and read back as the locked row would be. */
async function intentIn(status: PaymentStatus): Promise<PaymentIntentRow> {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: 500 },
  });
  return api.deps.db
    .updateTable("payment_intents")
    .set({ status })
    .where("id", "=", res.body.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const read = (id: string) =>
  api.deps.db.selectFrom("payment_intents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const timeline = (id: string) =>
  api.deps.db.selectFrom("payment_events").select("to_status").where("payment_intent_id", "=", id).execute();

describe("changeIntent, the one writer of an intent's status", () => {
  it("refuses a move the transition table forbids and writes nothing", async () => {
    const settled = await intentIn("payment_settled");
    const before = await timeline(settled.id);
    await expect(
      transaction(api.deps, (trx) =>
        changeIntent(api.deps, trx, settled, {
          status: "requires_payment_method",
          reason: "underpaid",
          event: INTENT_EVENT.partiallyPaid,
        }),
      ),
    ).rejects.toThrow(TransitionError);
    expect((await read(settled.id)).status).toBe("payment_settled");
    expect(await timeline(settled.id)).toEqual(before);
  });

  it("refuses to cancel an intent whose transaction is under way", async () => {
    const broadcast = await intentIn("transaction_broadcast");
    await expect(
      transaction(api.deps, (trx) =>
        changeIntent(api.deps, trx, broadcast, { status: "canceled", event: INTENT_EVENT.canceled }),
      ),
    ).rejects.toThrow("Illegal payment status change transaction_broadcast → canceled");
  });

  it("refuses a row another writer moved since it was read", async () => {
    const open = await intentIn("requires_payment_method");
    await api.deps.db
      .updateTable("payment_intents")
      .set({ status: "expired" })
      .where("id", "=", open.id)
      .execute();
    await expect(
      transaction(api.deps, (trx) =>
        changeIntent(api.deps, trx, open, { status: "transaction_broadcast", txid: "0xabc", event: null }),
      ),
    ).rejects.toThrow(`Payment intent ${open.id} is no longer requires_payment_method`);
    expect((await read(open.id)).status).toBe("expired");
  });

  it("writes an allowed move with its timeline entry", async () => {
    const open = await intentIn("requires_payment_method");
    const moved = await transaction(api.deps, (trx) =>
      changeIntent(api.deps, trx, open, {
        status: "transaction_broadcast",
        reason: "txid_submitted",
        txid: "0xabc",
        event: null,
      }),
    );
    expect(moved).toMatchObject({
      status: "transaction_broadcast",
      txid: "0xabc",
      status_reason: "txid_submitted",
    });
    expect((await timeline(open.id)).map((e) => e.to_status)).toContain("transaction_broadcast");
  });
});
