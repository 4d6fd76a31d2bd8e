import type { ApiKey, Organization, Workspace } from "../api/types.ts";
import { readStored, removeStored, removeStoredWithPrefix, writeStored } from "./storage.ts";

/** SPEC.md §3 "Local merchant state": a cache of what the server says, persisted under `merchant_` keys. */
export interface MerchantState {
  organizations: Organization[];
  workspaces: Workspace[];
  currentOrganizationId: string;
  currentWorkspaceId: string;
  /** Workspace id → its keys (secret keys masked, as the server lists them). */
  workspaceApiKeys: Record<string, ApiKey[]>;
  currentApiKey: string;
  merchantId: string;
  walletAddress: string;
  businessName: string;
  websiteUrl: string;
  businessDescription: string;
  apiKeys: ApiKey[];
  isLive: boolean;
  walletVerified: boolean;
  integrationMethod: string;
  webhookUrl: string;
  webhookTested: boolean;
  testPaymentCompleted: boolean;
  liveKeysGenerated: boolean;
  onboardingComplete: boolean;
  payments: { id: string }[];
  products: { id: string }[];
}

export const MERCHANT_PREFIX = "merchant_";

export const EMPTY_MERCHANT_STATE: MerchantState = {
  organizations: [],
  workspaces: [],
  currentOrganizationId: "",
  currentWorkspaceId: "",
  workspaceApiKeys: {},
  currentApiKey: "",
  merchantId: "",
  walletAddress: "",
  businessName: "",
  websiteUrl: "",
  businessDescription: "",
  apiKeys: [],
  isLive: false,
  walletVerified: false,
  integrationMethod: "",
  webhookUrl: "",
  webhookTested: false,
  testPaymentCompleted: false,
  liveKeysGenerated: false,
  onboardingComplete: false,
  payments: [],
  products: [],
};

const FIELDS = Object.keys(EMPTY_MERCHANT_STATE) as (keyof MerchantState)[];

export function loadMerchantState(): MerchantState {
  const state = { ...EMPTY_MERCHANT_STATE };
  for (const field of FIELDS) {
    const fallback = EMPTY_MERCHANT_STATE[field];
    const value = readStored<unknown>(`${MERCHANT_PREFIX}${field}`, fallback);
    // A value of the wrong shape (an older version, a hand edit) falls back to the default.
    if (Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback) {
      (state as Record<string, unknown>)[field] = value;
    }
  }
  return state;
}

export function saveMerchantState(state: MerchantState, previous: MerchantState | null): void {
  for (const field of FIELDS) {
    if (previous && previous[field] === state[field]) continue;
    // Defaults are not stored: a signed-out browser keeps no merchant_ keys.
    if (isDefault(state[field])) removeStored(`${MERCHANT_PREFIX}${field}`);
    else writeStored(`${MERCHANT_PREFIX}${field}`, state[field]);
  }
}

function isDefault(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (value && typeof value === "object") return Object.keys(value).length === 0;
  return value === "" || value === false;
}

export function clearMerchantState(): void {
  removeStoredWithPrefix(MERCHANT_PREFIX);
}
