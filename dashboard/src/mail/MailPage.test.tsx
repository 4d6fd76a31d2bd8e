import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import { createQueryClient, ServerStateProvider } from "../state/query.tsx";
import { RoleProvider } from "../tenancy/role.tsx";
import { apiError, on, oneWorkspace, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { MailView } from "./MailPage.tsx";
import type { Mail } from "./mail-api.ts";
import { MAIL } from "./messages.ts";

const auth = { token: "sess_test", workspaceId: "ws_1" };
const HOSTILE = "<img src=x onerror=alert(1)>";

function mail(id: string, overrides: Partial<Mail> = {}): Mail {
  return {
    id,
    object: "mail",
    kind: "payment_receipt",
    event: "payment_intent.succeeded",
    to: "ada@example.com",
    from: "receipts@spay.local",
    subject: "Your receipt from Shop",
    text: "Thanks for your payment of $12.00.\nPayment: pi_1",
    html: "<p>Thanks for your payment of <b>$12.00</b>.</p>",
    status: "kept",
    attempts: 0,
    last_error: null,
    env: "test",
    created_at: 1_767_312_000,
    sent_at: null,
    ...overrides,
  };
}

const ALL = [
  mail("mail_2", { to: "bob@shop.test", subject: "Your refund from Shop", kind: "refund_receipt" }),
  mail("mail_1", { status: "sent", sent_at: 1_767_312_060 }),
];

/** GET /v1/mail: pages of `pageSize` after `starting_after`, per workspace (x-workspace-id). */
function mailServer(
  byWorkspace: Record<string, Mail[]>,
  options: { pageSize?: number; delayMs?: number } = {},
) {
  return on("GET", "/v1/mail", (call) => {
    const mails = byWorkspace[call.headers["x-workspace-id"] ?? ""] ?? [];
    const after = new URL(call.path, "http://x").searchParams.get("starting_after");
    const start = after ? mails.findIndex((m) => m.id === after) + 1 : 0;
    const size = options.pageSize ?? 50;
    const data = mails.slice(start, start + size);
    return {
      body: { object: "list", data, has_more: start + size < mails.length },
      ...(options.delayMs ? { delayMs: options.delayMs } : {}),
    };
  });
}

function renderMail(
  client = createQueryClient({ retryDelayMs: 0 }),
  who = auth,
  role: "owner" | "support" = "owner",
) {
  const ui = (a: typeof auth) => (
    <ServerStateProvider client={client}>
      <RoleProvider value={role}>
        <MailView auth={a} />
      </RoleProvider>
    </ServerStateProvider>
  );
  const view = render(ui(who));
  return { switchTo: (next: typeof auth) => view.rerender(ui(next)) };
}

const listCalls = (calls: StubbedCall[]) => calls.filter((c) => c.path.startsWith("/v1/mail?"));

describe("Mail inbox", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists mail newest first with recipient, subject, status and time, on phone cards", async () => {
    const calls = stubApi(mailServer({ ws_1: ALL }));
    renderMail();
    const table = await screen.findByTestId("mail-table");
    expect(table.classList.contains("table-cards")).toBe(true);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.querySelector('td[data-label="To"]')?.textContent)).toEqual([
      "bob@shop.test",
      "ada@example.com",
    ]);
    const first = rows[0];
    if (!first) throw new Error("no row");
    expect(first.querySelector('td[data-label="Subject"]')?.textContent).toBe("Your refund from Shop");
    expect(first.querySelector('td[data-label="Status"]')?.textContent).toBe("Kept");
    expect(rows[1]?.querySelector('td[data-label="Status"]')?.textContent).toBe("Sent");
    expect(first.querySelector('td[data-label="Time"]')?.textContent).toMatch(/2026/);
    expect(calls[0]?.headers["x-workspace-id"]).toBe("ws_1");
  });

  it("opens a kept mail: the text part in a <pre>, the HTML in a sandboxed iframe, and why it was kept", async () => {
    stubApi(mailServer({ ws_1: ALL }));
    renderMail();
    await userEvent.click(
      await screen.findByRole("button", { name: "Open mail “Your refund from Shop” to bob@shop.test" }),
    );
    const message = await screen.findByTestId("mail-message");
    const text = within(message).getByTestId("mail-text");
    expect(text.tagName).toBe("PRE");
    expect(text.textContent).toBe("Thanks for your payment of $12.00.\nPayment: pi_1");
    expect(
      within(message).getByText(
        "No SMTP server configured: sPay keeps mail here. Set SPAY_SMTP_URL to send it.",
      ),
    ).toBeTruthy();
    const frame = message.querySelector("iframe");
    expect(frame?.getAttribute("sandbox")).toBe("");
    expect(frame?.getAttribute("srcdoc")).toBe("<p>Thanks for your payment of <b>$12.00</b>.</p>");
    // The HTML part is not in the dashboard's DOM.
    expect(document.querySelector("b")).toBeNull();
  });

  it.each([
    ["sent", null],
    ["failed", "550 mailbox unavailable"],
    ["pending", null],
  ] as const)("does not explain SMTP for a %s mail", async (status, lastError) => {
    stubApi(mailServer({ ws_1: [mail("mail_x", { status, last_error: lastError })] }));
    renderMail();
    await userEvent.click(
      await screen.findByRole("button", { name: "Open mail “Your receipt from Shop” to ada@example.com" }),
    );
    const message = await screen.findByTestId("mail-message");
    expect(
      within(message).getAllByText(status.charAt(0).toUpperCase() + status.slice(1)).length,
    ).toBeGreaterThan(0);
    if (lastError) expect(within(message).getByText(lastError)).toBeTruthy();
    expect(screen.queryByText(/No SMTP server configured/)).toBeNull();
  });

  it("never turns a hostile subject, text or HTML into elements outside the sandboxed iframe", async () => {
    const evil = mail("mail_evil", { subject: HOSTILE, text: HOSTILE, html: HOSTILE, to: HOSTILE });
    stubApi(mailServer({ ws_1: [evil] }));
    renderMail();
    const table = await screen.findByTestId("mail-table");
    expect(within(table).getAllByText(HOSTILE).length).toBeGreaterThan(0);
    await userEvent.click(
      within(table).getByRole("button", { name: `Open mail “${HOSTILE}” to ${HOSTILE}` }),
    );
    const message = await screen.findByTestId("mail-message");
    expect(within(message).getByTestId("mail-text").textContent).toBe(HOSTILE);
    const frames = document.querySelectorAll("iframe");
    expect(frames).toHaveLength(1);
    expect(frames[0]?.getAttribute("sandbox")).toBe("");
    expect(frames[0]?.getAttribute("srcdoc")).toBe(HOSTILE);
    // jsdom does not load srcdoc: any <img> in the document would be in the dashboard's own DOM.
    expect(document.querySelectorAll("img")).toHaveLength(0);
  });

  it("loads more with starting_after", async () => {
    const many = Array.from({ length: 3 }, (_, i) => mail(`mail_${3 - i}`, { subject: `Receipt ${3 - i}` }));
    const calls = stubApi(mailServer({ ws_1: many }, { pageSize: 2 }));
    renderMail();
    await screen.findByRole("button", { name: /Open mail “Receipt 2”/ });
    expect(screen.queryByRole("button", { name: /Open mail “Receipt 1”/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Load more mail" }));
    expect(await screen.findByRole("button", { name: /Open mail “Receipt 1”/ })).toBeTruthy();
    expect(
      listCalls(calls).map((c) => new URL(c.path, "http://x").searchParams.get("starting_after")),
    ).toEqual([null, "mail_2"]);
    expect(screen.queryByRole("button", { name: "Load more mail" })).toBeNull();
  });

  it("shows the empty state", async () => {
    stubApi(mailServer({ ws_1: [] }));
    renderMail();
    expect(await screen.findByText("No mail yet")).toBeTruthy();
  });

  it("shows a load failure with a retry that loads again", async () => {
    let fail = true;
    const good = mailServer({ ws_1: ALL });
    stubApi((call) =>
      fail ? on("GET", "/v1/mail", apiError(403, "forbidden", "Not allowed"))(call) : good(call),
    );
    renderMail();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load mail: Not allowed");
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: /retry/i }));
    expect(await screen.findByTestId("mail-table")).toBeTruthy();
  });

  it("switching workspace never shows the previous workspace's mail", async () => {
    const other = mail("mail_other", { to: "carol@other.test", subject: "Other shop receipt" });
    stubApi(mailServer({ ws_1: ALL, ws_2: [other] }, { delayMs: 30 }));
    const { switchTo } = renderMail();
    await userEvent.click(
      await screen.findByRole("button", { name: "Open mail “Your refund from Shop” to bob@shop.test" }),
    );
    await screen.findByTestId("mail-message");
    switchTo({ token: "sess_test", workspaceId: "ws_2" });
    // At once (while ws_2 loads) and after: nothing of ws_1, neither the list nor the open mail.
    expect(screen.queryByText("bob@shop.test")).toBeNull();
    expect(screen.queryByTestId("mail-message")).toBeNull();
    expect(await screen.findByText("carol@other.test")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("ada@example.com")).toBeNull());
    expect(screen.queryByText("bob@shop.test")).toBeNull();
  });
});

describe("Mail inbox: retry a failed mail", () => {
  afterEach(() => vi.unstubAllGlobals());

  const FAILED = mail("mail_f", { status: "failed", attempts: 3, last_error: "550 mailbox unavailable" });
  const openFailed = async () => {
    await userEvent.click(
      await screen.findByRole("button", { name: "Open mail “Your receipt from Shop” to ada@example.com" }),
    );
    return screen.findByTestId("mail-message");
  };

  it("sends it again with POST /v1/mail/{id}/retry, disabled meanwhile, and the inbox shows the returned mail", async () => {
    const calls = stubApi(
      mailServer({ ws_1: [FAILED] }),
      on("POST", "/v1/mail/mail_f/retry", {
        body: { ...FAILED, status: "pending", last_error: null },
        delayMs: 50,
      }),
    );
    renderMail();
    const message = await openFailed();
    const retry = within(message).getByRole("button", { name: "Retry sending" }) as HTMLButtonElement;
    await userEvent.click(retry);
    expect(retry.disabled).toBe(true);
    await waitFor(() => expect(within(message).queryByRole("button", { name: "Retry sending" })).toBeNull());
    expect(within(message).getByText("Pending")).toBeTruthy();
    // Focus does not fall to the page when the button goes: it moves to the news.
    const news = within(message).getByText(MAIL.retried);
    await waitFor(() => expect(document.activeElement).toBe(news));
    expect(within(message).queryByText("550 mailbox unavailable")).toBeNull();
    const row = screen.getByTestId("mail-table").querySelector("tbody tr");
    expect(row?.querySelector('td[data-label="Status"]')?.textContent).toBe("Pending");
    expect(
      calls.filter((c) => c.method === "POST").map((c) => [c.path, c.headers["x-workspace-id"]]),
    ).toEqual([["/v1/mail/mail_f/retry", "ws_1"]]);
    // The cache took the answer: the list was not fetched again.
    expect(listCalls(calls)).toHaveLength(1);
  });

  it("says in plain words why a retry was refused, beside the button", async () => {
    stubApi(
      mailServer({ ws_1: [FAILED] }),
      on("POST", "/v1/mail/mail_f/retry", apiError(409, "mail_unexpected_state", "The mail is not failed")),
    );
    renderMail();
    const message = await openFailed();
    const retry = within(message).getByRole("button", { name: "Retry sending" }) as HTMLButtonElement;
    await userEvent.click(retry);
    const alert = await within(message).findByRole("alert");
    expect(alert.textContent).toBe("Could not retry sending: The mail is not failed");
    expect(retry.disabled).toBe(false);
    expect(within(message).getByText("Failed")).toBeTruthy();
  });

  it("offers no retry to a support member (a payment write), and says whose right it is", async () => {
    stubApi(mailServer({ ws_1: [FAILED] }));
    renderMail(undefined, undefined, "support");
    const message = await openFailed();
    expect(within(message).queryByRole("button", { name: "Retry sending" })).toBeNull();
    expect(within(message).getByTestId("role-note-payments.write")).toBeTruthy();
  });

  it.each(["kept", "sent", "pending"] as const)("offers no retry for a %s mail", async (status) => {
    stubApi(mailServer({ ws_1: [mail("mail_f", { status })] }));
    renderMail();
    const message = await openFailed();
    expect(within(message).queryByRole("button", { name: "Retry sending" })).toBeNull();
  });
});

describe("the /mail route", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the inbox to a signed-in merchant", async () => {
    stubApi(...oneWorkspace(), mailServer({ ws_1: ALL }));
    renderApp(<AppRoutes />, { path: "/mail", signedIn: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Mail" })).toBeTruthy();
    expect(await screen.findByText("bob@shop.test")).toBeTruthy();
  });

  it("is linked from Settings", async () => {
    stubApi(...oneWorkspace(), mailServer({ ws_1: ALL }));
    renderApp(<AppRoutes />, { path: "/settings", signedIn: true });
    const link = await screen.findByRole("link", { name: "Open the mail inbox" });
    expect(link.getAttribute("href")).toBe("/mail");
  });
});
