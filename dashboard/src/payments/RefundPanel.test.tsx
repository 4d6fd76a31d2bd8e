import type { PaymentIntent } from "@spay/sdk";
import { Cl } from "@stacks/transactions";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient, ServerStateProvider } from "../state/query.tsx";
import { RoleProvider } from "../tenancy/role.tsx";
import { apiError, on, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { PaymentCard } from "./PaymentCard.tsx";
import { PaymentDetailModal } from "./PaymentDetailModal.tsx";
import type { Refund } from "./refunds-api.ts";
import { fromAtomic, toAtomic } from "./refunds-api.ts";

const auth = { token: "sess_test", workspaceId: "ws_1" };
const MERCHANT = "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG";
const PAYER = "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5";
const SBTC = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";
const TXID = `0x${"cd".repeat(32)}`;

function payment(overrides: Partial<PaymentIntent> & { amount_refunded?: string } = {}) {
  return {
    id: "pi_paid",
    object: "payment_intent",
    status: "payment_settled",
    fulfillment_status: "not_required",
    amount_minor: 2500,
    amount_micros: "25000000",
    asset: "sbtc",
    amount_asset: "25000",
    amount_received: "25000",
    amount_sbtc: "25000",
    decimals: 8,
    token_contract: SBTC,
    recipient: MERCHANT,
    memo: "pi_paid",
    env: "test",
    amount_refunded: "0",
    created_at: 1_767_225_600,
    expires_at: 1_767_229_200,
    ...overrides,
  } as PaymentIntent & { amount_refunded: string };
}

function refund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: "re_1",
    object: "refund",
    payment_intent: "pi_paid",
    customer: "cus_1",
    source: MERCHANT,
    destination: PAYER,
    memo: "re_1",
    asset: "sbtc",
    token_contract: SBTC,
    amount: "10000",
    amount_minor: 1000,
    amount_micros: "10000000",
    reason: "requested_by_customer",
    status: "pending",
    status_reason: null,
    txid: null,
    created_at: 1_767_226_000,
    ...overrides,
  };
}

const page = <T,>(data: T[]) => ({ body: { object: "list", data, has_more: false, url: "" } });

/**
 * A small refunds server: POST creates a pending refund, GET lists them, cancel fails one, and
 * `confirm()` plays the block follower seeing the transfer (the refund succeeds, the payment is
 * partially refunded).
 */
function refundServer(initial: Refund[] = [], pi = payment()) {
  const state = { refunds: [...initial], payment: pi };
  const calls = stubApi(
    on("GET", "/v1/payment_intents/pi_paid", () => ({ body: state.payment })),
    on("GET", "/v1/payment_intents/pi_paid/events", page([])),
    on("GET", "/v1/payment_intents/pi_paid/webhook_deliveries", page([])),
    on("GET", "/v1/refunds", () => page(state.refunds)),
    on("POST", "/v1/refunds", (call) => {
      const body = call.body as { amount?: string; amount_minor?: number; reason: Refund["reason"] };
      // Dollars become that share of the 25 000 sats paid for $25.00, as the server rounds it.
      const amount = body.amount ?? String(Math.ceil(((body.amount_minor ?? 0) * 25_000) / 2500));
      const created = refund({ id: "re_new", memo: "re_new", amount, reason: body.reason });
      state.refunds = [created, ...state.refunds];
      return { body: created };
    }),
    on("POST", /^\/v1\/refunds\/[^/]+\/cancel$/, (call) => {
      const id = call.path.split("/")[3];
      state.refunds = state.refunds.map((r) => (r.id === id ? { ...r, status: "failed" as const } : r));
      return { body: state.refunds.find((r) => r.id === id) };
    }),
  );
  const confirm = () => {
    const [first] = state.refunds;
    if (!first) return;
    state.refunds = [{ ...first, status: "succeeded", txid: TXID }, ...state.refunds.slice(1)];
    state.payment = { ...state.payment, status: "partially_refunded", amount_refunded: first.amount };
  };
  return { calls, state, confirm };
}

/** A wallet's `getAddresses` answer (Leather's shape) for an account on `address`. */
const presenting = (address: string) => ({ addresses: [{ symbol: "STX", address }] });

/** The injected browser wallet (Leather's `window.LeatherProvider`), answering like the real one. */
function injectWallet(answer: (method: string, params: unknown) => unknown) {
  const requests: { method: string; params: Record<string, unknown> }[] = [];
  const provider = {
    request: vi.fn(async (method: string, params: Record<string, unknown>) => {
      requests.push({ method, params });
      return { jsonrpc: "2.0", id: "1", result: await answer(method, params) };
    }),
  };
  vi.stubGlobal("LeatherProvider", provider);
  return requests;
}

function renderDetail(onChanged = vi.fn(), role: "owner" | "support" = "owner") {
  render(
    <ServerStateProvider client={createQueryClient({ retryDelayMs: 0 })}>
      <RoleProvider value={role}>
        <PaymentDetailModal auth={auth} id="pi_paid" onChanged={onChanged} onClose={() => undefined} />
      </RoleProvider>
    </ServerStateProvider>,
  );
  return onChanged;
}

const posts = (calls: StubbedCall[], path: string) =>
  calls.filter((c) => c.method === "POST" && c.path.split("?")[0] === path);

describe("asset amounts", () => {
  it("reads and writes amounts in the asset's units", () => {
    expect(toAtomic("0.00025", 8)).toBe(25_000n);
    expect(toAtomic("1.5", 6)).toBe(1_500_000n);
    expect(toAtomic("0.000000001", 8)).toBeNull();
    expect(toAtomic("abc", 8)).toBeNull();
    expect(toAtomic("", 8)).toBeNull();
    expect(fromAtomic(25_000n, 8)).toBe("0.00025");
    expect(fromAtomic(3_000_000n, 6)).toBe("3");
  });
});

describe("Payment detail → refunds", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("refunds a paid payment: creates the refund, the wallet sends the transfer, and it shows as succeeded", {
    timeout: 20_000,
  }, async () => {
    const server = refundServer();
    const requests = injectWallet((method) =>
      method === "stx_callContract" ? { txid: TXID } : presenting(MERCHANT),
    );
    const onChanged = renderDetail();

    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const form = screen.getByRole("form", { name: "Refund this payment" });
    const amount = within(form).getByLabelText("Amount (sBTC)") as HTMLInputElement;
    expect(amount.value).toBe("0.00025");
    await userEvent.clear(amount);
    await userEvent.type(amount, "0.0001");
    await userEvent.selectOptions(within(form).getByLabelText("Reason"), "duplicate");
    await userEvent.click(within(form).getByRole("button", { name: "Refund with wallet" }));

    await waitFor(() => expect(requests.some((r) => r.method === "stx_callContract")).toBe(true));
    expect(posts(server.calls, "/v1/refunds")[0]?.body).toEqual({
      payment_intent: "pi_paid",
      amount: "10000",
      reason: "duplicate",
    });
    // The SDK's SIP-010 transfer: 10000 sats from the payout address to the payer, memo = refund id.
    const call = requests.find((r) => r.method === "stx_callContract")?.params as {
      contract: string;
      functionArgs: string[];
      postConditions: string[];
      postConditionMode: string;
    };
    expect(call.contract).toBe(SBTC);
    expect(call.functionArgs).toEqual(
      [
        Cl.uint(10_000n),
        Cl.principal(MERCHANT),
        Cl.principal(PAYER),
        Cl.some(Cl.bufferFromUtf8("re_new")),
      ].map((cv) => Cl.serialize(cv)),
    );
    expect(call.postConditions).toHaveLength(1);
    expect(call.postConditionMode).toBe("deny");
    expect(
      await screen.findByText("Refund sent. Waiting for the chain to confirm it…", { selector: "p" }),
    ).toBeTruthy();

    server.confirm();
    expect(await screen.findByText("Refund confirmed on chain.", {}, { timeout: 8_000 })).toBeTruthy();
    const list = screen.getByTestId("refund-list");
    expect(within(list).getByText("Succeeded")).toBeTruthy();
    expect(within(list).getByText("0.0001 sBTC")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("amount-refunded").textContent).toBe("0.0001 sBTC"));
    expect(screen.getByText("Partially Refunded")).toBeTruthy();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ status: "partially_refunded" }));
  });

  it("prefills what remains refundable and refuses more than that without calling the server", async () => {
    const server = refundServer(
      [refund({ id: "re_old", status: "succeeded", amount: "5000" })],
      payment({ status: "partially_refunded", amount_refunded: "5000" }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const amount = screen.getByLabelText("Amount (sBTC)") as HTMLInputElement;
    expect(amount.value).toBe("0.0002");
    await userEvent.clear(amount);
    await userEvent.type(amount, "0.0003");
    await userEvent.click(screen.getByRole("button", { name: "Refund with wallet" }));
    expect(screen.getByText("Enter an amount greater than 0 and at most 0.0002 sBTC")).toBeTruthy();
    expect(posts(server.calls, "/v1/refunds")).toHaveLength(0);
  });

  it("takes the amount in US dollars instead: sends cents, and refuses more dollars than remain", async () => {
    const server = refundServer(
      [refund({ id: "re_old", status: "succeeded", amount: "5000", amount_micros: "5000000" })],
      payment({ status: "partially_refunded", amount_refunded: "5000" }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const usd = screen.getByLabelText("Or an amount in USD") as HTMLInputElement;
    expect(screen.getByText(/^Up to \$20\.00\./)).toBeTruthy();
    await userEvent.type(usd, "20.01");
    await userEvent.click(screen.getByRole("button", { name: "Refund with wallet" }));
    expect(
      screen.getByText("Enter a USD amount greater than $0.00, in cents, and at most $20.00"),
    ).toBeTruthy();
    expect(posts(server.calls, "/v1/refunds")).toHaveLength(0);
    await userEvent.clear(usd);
    await userEvent.type(usd, "5.25");
    injectWallet(() => ({ txid: TXID }));
    await userEvent.click(screen.getByRole("button", { name: "Refund with wallet" }));
    await waitFor(() => expect(posts(server.calls, "/v1/refunds")).toHaveLength(1));
    expect(posts(server.calls, "/v1/refunds")[0]?.body).toEqual({
      payment_intent: "pi_paid",
      amount_minor: 525,
      reason: "requested_by_customer",
    });
  });

  it("an overpaid payment: what was received over the price stays refundable after the price was refunded", async () => {
    const server = refundServer(
      [refund({ id: "re_price", status: "succeeded", amount: "25000" })],
      payment({ status: "partially_refunded", amount_received: "30000", amount_refunded: "25000" }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const amount = screen.getByLabelText("Amount (sBTC)") as HTMLInputElement;
    expect(amount.value).toBe("0.00005");
    await userEvent.click(screen.getByRole("button", { name: "Refund with wallet" }));
    await waitFor(() => expect(posts(server.calls, "/v1/refunds")).toHaveLength(1));
    expect(posts(server.calls, "/v1/refunds")[0]?.body).toMatchObject({
      payment_intent: "pi_paid",
      amount: "5000",
    });
  });

  it.each([
    ["refund_exceeds_refundable", 400, "That is more than what is left to refund on this payment."],
    ["payment_not_refundable", 409, "This payment cannot be refunded: only paid payments can be."],
    ["payer_unknown", 409, "The payer's address is unknown, so the refund has nowhere to go."],
  ])("shows %s in plain words", async (code, status, text) => {
    stubApi(
      on("GET", "/v1/payment_intents/pi_paid", { body: payment() }),
      on("GET", "/v1/payment_intents/pi_paid/events", page([])),
      on("GET", "/v1/payment_intents/pi_paid/webhook_deliveries", page([])),
      on("GET", "/v1/refunds", page([])),
      on("POST", "/v1/refunds", apiError(status, code, "raw server text")),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    await userEvent.click(screen.getByRole("button", { name: "Refund with wallet" }));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
  });

  it("says where a pending refund stands: confirming, re-awaited after a fork, or a transfer not counted", async () => {
    refundServer([
      refund({ id: "re_a", status_reason: "confirmations:1/3", txid: TXID }),
      refund({ id: "re_b", status_reason: "block_orphaned" }),
      refund({ id: "re_c", status_reason: "transfer_rejected:wrong_amount" }),
      refund({ id: "re_d", status: "succeeded", status_reason: null, txid: TXID }),
    ]);
    renderDetail();
    const list = await screen.findByTestId("refund-list");
    expect(within(list).getByText("On chain: 1 of 3 confirmations")).toBeTruthy();
    expect(
      within(list).getByText(/A chain reorganization replaced the block holding the transfer/),
    ).toBeTruthy();
    expect(
      within(list).getByText(
        "A transfer named this refund but was not counted: it moved a different amount than the refund.",
      ),
    ).toBeTruthy();
    expect(within(list).getAllByText(/confirmations|reorganization|not counted/)).toHaveLength(3);
  });

  it("refuses to send from a wallet on another account than the address the payment was paid to", async () => {
    const server = refundServer();
    const requests = injectWallet((method) =>
      method === "stx_callContract" ? { txid: TXID } : presenting("ST2NEB84ASENDXKYGJPQW86YXQCEFEX2ZQPG87ND"),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    await userEvent.click(screen.getByRole("button", { name: "Refund with wallet" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      `Your wallet's current account is not ${MERCHANT}`,
    );
    expect(requests.map((r) => r.method)).not.toContain("stx_callContract");
    expect(posts(server.calls, "/v1/refunds")).toHaveLength(1);
    expect(
      within(screen.getByTestId("refund-list")).getByRole("button", {
        name: "Send refund re_new with wallet",
      }),
    ).toBeTruthy();
  });

  it("offers neither Send nor Cancel for a refund whose transfer is on chain and confirming", async () => {
    refundServer([refund({ id: "re_a", status_reason: "confirmations:1/3", txid: TXID })]);
    renderDetail();
    const list = await screen.findByTestId("refund-list");
    expect(within(list).getByText("On chain: 1 of 3 confirmations")).toBeTruthy();
    expect(within(list).queryByRole("button", { name: "Cancel refund re_a" })).toBeNull();
    expect(within(list).queryByRole("button", { name: "Send refund re_a with wallet" })).toBeNull();
  });

  it("cancels a pending refund", async () => {
    const server = refundServer([refund()]);
    renderDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel refund re_1" }));
    await waitFor(() => expect(within(screen.getByTestId("refund-list")).getByText("Failed")).toBeTruthy());
    expect(posts(server.calls, "/v1/refunds/re_1/cancel")).toHaveLength(1);
  });

  it("keeps the refund pending when the wallet is dismissed, and says so", async () => {
    refundServer();
    injectWallet(() => {
      throw { code: 4001, message: "User rejected the request" };
    });
    renderDetail();
    await userEvent.click(await screen.findByRole("button", { name: "Refund" }));
    await userEvent.click(screen.getByRole("button", { name: "Refund with wallet" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^The wallet did not send the refund: .+The refund stays pending/,
    );
    expect(within(screen.getByTestId("refund-list")).getByText("Pending")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send refund re_new with wallet" })).toBeTruthy();
  });

  it("shows support a paid payment and its refunds, but no Refund, Cancel or Send, and asks for no webhook deliveries", async () => {
    const server = refundServer([refund()]);
    renderDetail(vi.fn(), "support");
    const list = await screen.findByTestId("refund-list");
    expect(within(list).getByText("Pending")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    expect(within(list).queryByRole("button", { name: "Cancel refund re_1" })).toBeNull();
    expect(within(list).queryByRole("button", { name: "Send refund re_1 with wallet" })).toBeNull();
    expect(screen.getByTestId("role-note-refunds.write").textContent).toBe(
      "Your role is Support. Only an owner, an admin or a developer can create and cancel refunds.",
    );
    // The deliveries are developer tools the server refuses support: not asked for, not shown.
    expect(server.calls.some((c) => c.path.includes("webhook_deliveries"))).toBe(false);
    expect(screen.queryByTestId("payment-deliveries")).toBeNull();
  });

  it("offers no refund for an unpaid payment", async () => {
    refundServer([], payment({ status: "requires_payment_method" }));
    renderDetail();
    expect(await screen.findByText("No refunds for this payment")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
  });
});

describe("Payments list card", () => {
  it("shows a refunded payment's label and how much was sent back, in the asset's units", () => {
    render(
      <PaymentCard
        payment={payment({ status: "refunded", amount_refunded: "25000" })}
        onOpen={() => undefined}
      />,
    );
    expect(screen.getByTestId("payment-status").textContent).toBe("Refunded");
    expect(screen.getByTestId("payment-refunded").textContent).toBe("Refunded 0.00025 sBTC");
  });

  it("shows no refunded line for a payment without refunds", () => {
    render(<PaymentCard payment={payment()} onOpen={() => undefined} />);
    expect(screen.queryByTestId("payment-refunded")).toBeNull();
  });
});
