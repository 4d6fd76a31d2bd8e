import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UnmatchedTransfer } from "../api/payments.ts";
import { RoleProvider } from "../tenancy/role.tsx";
import { apiError, on, stubApi } from "../testing/api-stub.ts";
import { ChainsGiven } from "./chains.tsx";
import { truncateMiddle, UnmatchedTransfers, unmatchedAmount } from "./UnmatchedTransfers.tsx";

const auth = { token: "sess_test", workspaceId: "ws_1" };
const TXID = `0x${"ab".repeat(32)}`;
const transfer: UnmatchedTransfer = {
  id: TXID,
  object: "unmatched_transfer",
  txid: TXID,
  env: "test",
  recipient: "ST22KWHYGBFNHPKE42E4R1KMZHJ6A0NPG7G784269",
  token_contract: "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token",
  asset: "sbtc",
  amount: "25000",
  sender: "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5",
  memo: null,
  block_height: 12,
  assigned_payment_intent: null,
  assigned_at: null,
  created_at: 1_767_225_600,
};
/** A gateway whose test payments settle on testnet (Hiro's explorer shows them), seen by `role`. */
const renderOnTestnet = (role: "owner" | "developer" = "owner") =>
  render(
    <RoleProvider value={role}>
      <ChainsGiven value={{ test: "testnet", live: "mainnet" }}>
        <UnmatchedTransfers auth={auth} />
      </ChainsGiven>
    </RoleProvider>,
  );
const list = (data: UnmatchedTransfer[]) => ({ body: { object: "list", data, has_more: false, url: "" } });

describe("Payments → unmatched transfers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says so when there are none", async () => {
    stubApi(on("GET", "/v1/unmatched_transfers", list([])));
    renderOnTestnet();
    expect(await screen.findByText("No unmatched transfers")).toBeTruthy();
  });

  it("lists a transfer with its explorer link, amount, sender and missing memo", async () => {
    const calls = stubApi(on("GET", "/v1/unmatched_transfers", list([transfer])));
    renderOnTestnet();
    const link = await screen.findByRole("link", { name: `View transaction ${TXID} on the explorer` });
    expect(link.getAttribute("href")).toBe(`https://explorer.hiro.so/txid/${TXID}?chain=testnet`);
    expect(link.textContent).toBe(truncateMiddle(TXID));
    expect(screen.getByText(unmatchedAmount(transfer))).toBeTruthy();
    expect(screen.getByText("No memo")).toBeTruthy();
    expect(calls[0]?.headers["x-workspace-id"]).toBe("ws_1");
  });

  it("shows a devnet transfer's id with a copy button, not a link to an explorer that has no devnet", async () => {
    stubApi(on("GET", "/v1/unmatched_transfers", list([transfer])));
    render(
      <ChainsGiven value={{ test: "devnet", live: "mainnet" }}>
        <UnmatchedTransfers auth={auth} />
      </ChainsGiven>,
    );
    const copy = await screen.findByRole("button", { name: `Copy transaction ID ${TXID}` });
    expect(copy.closest("td")?.textContent).toContain(truncateMiddle(TXID));
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("assigns a transfer to the payment the merchant names, and shows it assigned", async () => {
    const calls = stubApi(
      on("GET", "/v1/unmatched_transfers", list([transfer])),
      on("POST", `/v1/unmatched_transfers/${TXID}/assign`, (call) => ({
        body: {
          ...transfer,
          assigned_payment_intent: (call.body as { payment_intent: string }).payment_intent,
        },
      })),
    );
    renderOnTestnet();
    await userEvent.click(
      await screen.findByRole("button", { name: `Assign transfer ${TXID} to a payment` }),
    );
    const form = screen.getByRole("form", { name: `Assign transfer ${TXID} to a payment` });
    await userEvent.type(within(form).getByLabelText("Payment ID"), "pi_order42");
    await userEvent.click(within(form).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText("Assigned to pi_order42")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ payment_intent: "pi_order42" });
    expect(screen.getByRole("status").textContent).toContain("Transfer assigned");
  });

  it("shows the server's refusal of an assignment and keeps the form open", async () => {
    stubApi(
      on("GET", "/v1/unmatched_transfers", list([transfer])),
      on(
        "POST",
        `/v1/unmatched_transfers/${TXID}/assign`,
        apiError(409, "transfer_already_assigned", "This transfer was already assigned"),
      ),
    );
    renderOnTestnet();
    await userEvent.click(
      await screen.findByRole("button", { name: `Assign transfer ${TXID} to a payment` }),
    );
    await userEvent.type(screen.getByLabelText("Payment ID"), "pi_other");
    await userEvent.click(screen.getByRole("button", { name: "Assign" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This transfer was already assigned");
    expect(screen.getByLabelText("Payment ID")).toBeTruthy();
  });

  it("shows a load failure with a retry", async () => {
    stubApi(on("GET", "/v1/unmatched_transfers", apiError(500, "api_error", "boom")));
    renderOnTestnet();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load unmatched transfers");
    expect(within(alert).getByRole("button", { name: /retry/i })).toBeTruthy();
  });

  it("offers no Assign to a role that may not assign transfers (a developer), and says whose right it is", async () => {
    stubApi(on("GET", "/v1/unmatched_transfers", list([transfer])));
    renderOnTestnet("developer");
    expect(await screen.findByText("Not assigned")).toBeTruthy();
    expect(screen.queryByRole("button", { name: `Assign transfer ${TXID} to a payment` })).toBeNull();
    expect(screen.getByTestId("role-note-transfers.assign").textContent).toBe(
      "Your role is Developer. Only an owner or an admin can assign a transfer that named no payment to a payment intent.",
    );
  });
});
