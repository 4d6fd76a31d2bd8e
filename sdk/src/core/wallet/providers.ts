import type { WalletInfo } from "../types.js";

/** A wallet's injected JSON-RPC provider, as `@stacks/connect` v8 calls it. */
export interface StacksProviderLike {
  request(method: string, params?: unknown): Promise<unknown>;
}

/** The wallets the picker knows (DESIGN.md "Chain facts"), in display order. */
export const KNOWN_WALLETS: readonly Omit<WalletInfo, "installed">[] = [
  { id: "LeatherProvider", name: "Leather", multisig: false },
  { id: "XverseProviders.BitcoinProvider", name: "Xverse", multisig: false },
  { id: "AsignaProvider", name: "Asigna", multisig: true },
  { id: "FordefiProviders.UtxoProvider", name: "Fordefi", multisig: false },
];

/** `@stacks/connect` remembers the chosen wallet under this localStorage key. */
export const SELECTED_PROVIDER_KEY = "STX_PROVIDER";

/** The provider a wallet injected at `window[<dotted id>]`, if any. Safe on the server (undefined). */
export function getWalletProvider(id: string): StacksProviderLike | undefined {
  if (typeof window === "undefined") return undefined;
  let node: unknown = window;
  for (const part of id.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "object" || node === null) return undefined;
  return typeof (node as { request?: unknown }).request === "function"
    ? (node as StacksProviderLike)
    : undefined;
}

function isInstalled(id: WalletInfo["id"]): boolean {
  if (getWalletProvider(id)) return true;
  // Asigna's web app hosts dapps in an iframe and answers over postMessage; @stacks/connect
  // installs its provider when the page runs framed, so a framed page offers it.
  return id === "AsignaProvider" && typeof window !== "undefined" && window.top !== window.self;
}

/** The known wallets with `installed` detected from `window`, installed ones first. */
export function listWallets(): WalletInfo[] {
  const wallets = KNOWN_WALLETS.map((w) => ({ ...w, installed: isInstalled(w.id) }));
  return [...wallets.filter((w) => w.installed), ...wallets.filter((w) => !w.installed)];
}

/** The wallet chosen earlier (localStorage `STX_PROVIDER`), when it is one we know. */
export function getSelectedWalletId(): WalletInfo["id"] | null {
  const id = readStorage(SELECTED_PROVIDER_KEY);
  return KNOWN_WALLETS.some((w) => w.id === id) ? (id as WalletInfo["id"]) : null;
}

/** Remembers the chosen wallet the way `@stacks/connect` does, so both agree. */
export function setSelectedWalletId(id: WalletInfo["id"] | null): void {
  try {
    if (typeof window === "undefined") return;
    if (id) window.localStorage.setItem(SELECTED_PROVIDER_KEY, id);
    else window.localStorage.removeItem(SELECTED_PROVIDER_KEY);
  } catch {
    // Storage may be disabled (private mode, sandboxed iframe): the choice is just not remembered.
  }
}

function readStorage(key: string): string | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The wallet to use without asking: the remembered one if still installed, else the only
 * installed one. Null means the picker must ask.
 */
export function defaultWalletId(): WalletInfo["id"] | null {
  const selected = getSelectedWalletId();
  if (selected && isInstalled(selected)) return selected;
  const installed = listWallets().filter((w) => w.installed);
  return installed.length === 1 ? installed[0]!.id : null;
}
