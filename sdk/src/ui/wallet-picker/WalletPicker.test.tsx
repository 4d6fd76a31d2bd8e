// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../core/messages.js";
import type { WalletInfo } from "../../core/types.js";
import { WalletError } from "../../core/wallet/index.js";
import { orderWallets } from "./orderWallets.js";
import { WalletPicker } from "./WalletPicker.js";

afterEach(() => {
  cleanup();
  delete (window as { XverseProviders?: unknown }).XverseProviders;
});

const WALLETS: WalletInfo[] = [
  { id: "LeatherProvider", name: "Leather", multisig: false, installed: false },
  { id: "XverseProviders.BitcoinProvider", name: "Xverse", multisig: false, installed: true },
  { id: "AsignaProvider", name: "Asigna", multisig: true, installed: false },
  { id: "FordefiProviders.UtxoProvider", name: "Fordefi", multisig: false, installed: true },
];

describe("WalletPicker (SPEC.md §2 'Wallet picker modal')", () => {
  it("offers the four known wallets, with Asigna marked multisig", () => {
    render(<WalletPicker onSelect={() => {}} onCancel={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: MESSAGES.chooseWallet });
    const names = within(dialog)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(names).toHaveLength(4);
    expect(names.join("|")).toMatch(/Leather.*Xverse.*Asigna.*Multisig.*Fordefi/);
  });

  it("detects an injected provider and lists installed wallets first", () => {
    (window as { XverseProviders?: unknown }).XverseProviders = {
      BitcoinProvider: { request: async () => ({}) },
    };
    render(<WalletPicker onSelect={() => {}} onCancel={() => {}} />);
    const buttons = screen.getAllByRole("button").filter((b) => b.textContent !== MESSAGES.cancel);
    expect(buttons[0]?.textContent).toBe("Xverse");
    expect((buttons[0] as HTMLButtonElement).disabled).toBe(false);
    expect(buttons.slice(1).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getAllByText(MESSAGES.notInstalled)).toHaveLength(3);
  });

  it("orders a given list installed-first and keeps the known order otherwise", () => {
    expect(orderWallets(WALLETS).map((w) => w.name)).toEqual(["Xverse", "Fordefi", "Leather", "Asigna"]);
  });

  it("reports the chosen wallet", async () => {
    const onSelect = vi.fn();
    render(<WalletPicker wallets={WALLETS} onSelect={onSelect} onCancel={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Fordefi" }));
    expect(onSelect).toHaveBeenCalledWith(WALLETS[3]);
  });

  it("moves focus to the first installed wallet and is usable with the keyboard", async () => {
    const onSelect = vi.fn();
    render(<WalletPicker wallets={WALLETS} onSelect={onSelect} onCancel={() => {}} />);
    expect(document.activeElement?.textContent).toBe("Xverse");
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    expect(onSelect).toHaveBeenCalledWith(WALLETS[3]);
  });

  it.each([
    ["Escape", async () => userEvent.keyboard("{Escape}")],
    ["Cancel", async () => userEvent.click(screen.getByRole("button", { name: MESSAGES.cancel }))],
  ])("%s rejects with 'User canceled the request', code -31001", async (_how, act) => {
    const onCancel = vi.fn();
    render(<WalletPicker wallets={WALLETS} onSelect={() => {}} onCancel={onCancel} />);
    await act();
    expect(onCancel).toHaveBeenCalledTimes(1);
    const error = onCancel.mock.calls[0]?.[0] as WalletError;
    expect(error).toBeInstanceOf(WalletError);
    expect(error.message).toBe("User canceled the request");
    expect(error.code).toBe(-31001);
  });
});
