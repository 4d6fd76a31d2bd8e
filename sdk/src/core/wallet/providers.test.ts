import { afterEach, describe, expect, it, vi } from "vitest";
import {
  defaultWalletId,
  getSelectedWalletId,
  getWalletProvider,
  listWallets,
  SELECTED_PROVIDER_KEY,
  setSelectedWalletId,
} from "./providers.js";

const provider = { request: async () => ({ jsonrpc: "2.0", id: 1, result: {} }) };

/** A minimal `window` with storage, as a browser tab has. */
function fakeWindow(extra: Record<string, unknown> = {}) {
  const store = new Map<string, string>();
  const win: Record<string, unknown> = {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    ...extra,
  };
  win.top = win;
  win.self = win;
  vi.stubGlobal("window", win);
  return { win, store };
}

afterEach(() => vi.unstubAllGlobals());

describe("wallet detection (DESIGN.md: Leather, Xverse, Asigna multisig, Fordefi)", () => {
  it("on the server nothing is installed and nothing touches window", () => {
    expect(typeof window).toBe("undefined");
    expect(listWallets().map((w) => [w.id, w.installed])).toEqual([
      ["LeatherProvider", false],
      ["XverseProviders.BitcoinProvider", false],
      ["AsignaProvider", false],
      ["FordefiProviders.UtxoProvider", false],
    ]);
    expect(getSelectedWalletId()).toBeNull();
  });

  it("detects providers at their window paths, installed ones first; Asigna is the multisig", () => {
    fakeWindow({
      XverseProviders: { BitcoinProvider: provider },
      FordefiProviders: { UtxoProvider: provider },
    });
    const wallets = listWallets();
    expect(wallets.map((w) => w.id)).toEqual([
      "XverseProviders.BitcoinProvider",
      "FordefiProviders.UtxoProvider",
      "LeatherProvider",
      "AsignaProvider",
    ]);
    expect(wallets.filter((w) => w.installed).length).toBe(2);
    expect(wallets.find((w) => w.multisig)?.name).toBe("Asigna");
    expect(getWalletProvider("XverseProviders.BitcoinProvider")).toBe(provider);
    expect(getWalletProvider("XverseProviders.Missing")).toBeUndefined();
  });

  it("an object without request() is not a provider", () => {
    fakeWindow({ LeatherProvider: { hello: true } });
    expect(listWallets()[0]?.installed).toBe(false);
  });

  it("remembers the choice under localStorage STX_PROVIDER, as @stacks/connect does", () => {
    const { store } = fakeWindow({ LeatherProvider: provider });
    setSelectedWalletId("LeatherProvider");
    expect(store.get(SELECTED_PROVIDER_KEY)).toBe("LeatherProvider");
    expect(getSelectedWalletId()).toBe("LeatherProvider");
    store.set(SELECTED_PROVIDER_KEY, "SomethingElse");
    expect(getSelectedWalletId()).toBeNull();
    setSelectedWalletId(null);
    expect(store.has(SELECTED_PROVIDER_KEY)).toBe(false);
  });

  it("uses the remembered wallet if installed, else the only installed one, else asks (null)", () => {
    const { store } = fakeWindow({
      LeatherProvider: provider,
      XverseProviders: { BitcoinProvider: provider },
    });
    expect(defaultWalletId()).toBeNull();
    store.set(SELECTED_PROVIDER_KEY, "XverseProviders.BitcoinProvider");
    expect(defaultWalletId()).toBe("XverseProviders.BitcoinProvider");
    vi.unstubAllGlobals();
    fakeWindow({ LeatherProvider: provider });
    expect(defaultWalletId()).toBe("LeatherProvider");
  });
});
