// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../core/messages.js";
import { fakeClient, intentFixture, linkFixture } from "../testing/fixtures.js";
import { BuyButton } from "./BuyButton.js";

afterEach(cleanup);

describe("BuyButton (SPEC.md §2 button view)", () => {
  it("reads 'Buy $price' with a TEST tag for a test link", () => {
    render(<BuyButton client={fakeClient().client} link={linkFixture()} usdPerBtc={1} />);
    const button = screen.getByRole("button", { name: `${MESSAGES.buy("$19.99")} ${MESSAGES.testBadge}` });
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
  });

  it("has no TEST tag for a live link", () => {
    render(<BuyButton client={fakeClient().client} link={linkFixture({ env: "live" })} usdPerBtc={1} />);
    expect(screen.getByRole("button", { name: MESSAGES.buy("$19.99") })).toBeTruthy();
  });

  it("is inert in the dashboard preview", () => {
    render(<BuyButton link={linkFixture()} usdPerBtc={1} preview />);
    expect((screen.getByRole("button") as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens the checkout card in a dialog; Escape closes it and focus returns to the button", async () => {
    render(
      <BuyButton client={fakeClient().client} link={linkFixture({ requireEmail: true })} usdPerBtc={1} />,
    );
    const button = screen.getByRole("button");
    await userEvent.click(button);
    const dialog = screen.getByRole("dialog", { name: "Coffee Beans" });
    expect(dialog).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(MESSAGES.email));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("pays from the dialog: the QR overlay opens over it", async () => {
    render(<BuyButton client={fakeClient().client} link={linkFixture()} usdPerBtc={1} />);
    await userEvent.click(screen.getByRole("button"));
    await userEvent.click(screen.getByRole("radio", { name: MESSAGES.qrMethod }));
    await userEvent.click(screen.getByRole("button", { name: MESSAGES.pay }));
    expect(await screen.findByRole("dialog", { name: MESSAGES.scanToPay })).toBeTruthy();
    expect(await screen.findByRole("link", { name: intentFixture().spay_url })).toBeTruthy();
    // Escape closes only the top dialog.
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: MESSAGES.scanToPay })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Coffee Beans" })).toBeTruthy();
  });
});
