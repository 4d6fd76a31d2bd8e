/**
 * The wallet calls, on `@stacks/connect` v8. The only module that imports it: it pulls in
 * WalletConnect and is large, so it is loaded on demand by `loadWallet()` (and shipped to the
 * drop-in as its wallet chunk), never with the QR path.
 */
import {
  type MethodParams,
  type MethodResult,
  type Methods,
  request,
  type StacksProvider,
} from "@stacks/connect";
import { CHECKOUT_MESSAGES, WALLET_ERROR_CODES, WALLET_MESSAGES } from "../messages.js";
import type { WalletInfo } from "../types.js";
import { toWalletError, WalletError } from "./errors.js";
import type { WalletModule } from "./index.js";
import { PAY_FROM_MESSAGES } from "./pay-from-messages.js";
import { defaultWalletId, getWalletProvider, setSelectedWalletId } from "./providers.js";
import {
  addressOnNetwork,
  buildStxTransfer,
  buildTransferCall,
  intentNetwork,
  type PayableIntent,
} from "./transfer.js";

const STACKS_ADDRESS = /^S[PMTN][0-9A-HJKMNP-Z]{20,50}$/;

/**
 * One wallet request through `@stacks/connect`'s `request` with an explicit provider, so the call
 * reaches `provider.request(method, params)` of the chosen wallet; failures become WalletErrors.
 * Without a wallet id it uses the remembered or the only installed wallet (the picker asks otherwise).
 */
async function call<M extends keyof Methods>(
  walletId: WalletInfo["id"] | undefined,
  method: M,
  params: MethodParams<M>,
): Promise<MethodResult<M>> {
  const id = walletId ?? defaultWalletId();
  const provider = id ? getWalletProvider(id) : undefined;
  if (!id || !provider)
    throw new WalletError(CHECKOUT_MESSAGES.connectWalletFailed, WALLET_ERROR_CODES.unknown);
  try {
    const result = await request(
      { provider: provider as unknown as StacksProvider, enableLocalStorage: true },
      method,
      params,
    );
    setSelectedWalletId(id);
    return result;
  } catch (err) {
    throw toWalletError(err);
  }
}

async function stacksAddresses(
  walletId: WalletInfo["id"] | undefined,
  network?: "mainnet" | "testnet",
): Promise<string[]> {
  const result = await call(walletId, "getAddresses", network ? { network } : {});
  return (result?.addresses ?? []).map((a) => a.address).filter((a) => STACKS_ADDRESS.test(a));
}

/** `getAddresses`: the payer's Stacks address, or `WALLET_MESSAGES.noStacksAddress`. */
export async function connect(walletId?: WalletInfo["id"]): Promise<{ stxAddress: string }> {
  const [stxAddress] = await stacksAddresses(walletId);
  if (!stxAddress) throw new WalletError(WALLET_MESSAGES.noStacksAddress, WALLET_ERROR_CODES.unknown);
  return { stxAddress };
}

/** `stx_signMessage`: an RSV signature of `message` and the signer's public key. */
export async function signMessage(
  message: string,
  walletId?: WalletInfo["id"],
): Promise<{ signature: string; publicKey: string }> {
  const { signature, publicKey } = await call(walletId, "stx_signMessage", { message });
  return { signature, publicKey };
}

/**
 * Pays an intent: `stx_callContract` of the SIP-010 `transfer` with the intent's memo and a
 * `willSendEq` post-condition in deny mode, or for an STX intent `stx_transferStx` with the memo;
 * on testnet for test intents and mainnet for live.
 * `sender` skips the address request when the caller already connected.
 */
export async function payIntent(
  intent: PayableIntent,
  walletId?: WalletInfo["id"],
  options: { sender?: string; from?: string } = {},
): Promise<{ txid: string }> {
  const network = intentNetwork(intent);
  let sender = options.sender;
  if (options.from) {
    // The wallet signs with its current account: check it is the one the transfer must come from.
    const from = addressOnNetwork(options.from, network);
    const addresses = await stacksAddresses(walletId, network);
    if (!addresses.some((a) => addressOnNetwork(a, network) === from))
      throw new WalletError(PAY_FROM_MESSAGES.wrongAccount(from), WALLET_ERROR_CODES.methodAddressMismatch);
    sender = from;
  }
  if (!sender) {
    const addresses = await stacksAddresses(walletId, network);
    sender = addresses.find((a) => a === addressOnNetwork(a, network)) ?? addresses[0];
  }
  if (!sender) throw new WalletError(WALLET_MESSAGES.noSenderAddress, WALLET_ERROR_CODES.unknown);
  const result = (
    intent.asset === "stx"
      ? await call(walletId, "stx_transferStx", buildStxTransfer(intent))
      : await call(walletId, "stx_callContract", buildTransferCall(intent, addressOnNetwork(sender, network)))
  ) as {
    txid?: string;
    txId?: string;
  } | null;
  const txid = result?.txid ?? result?.txId;
  if (!txid)
    throw new WalletError(CHECKOUT_MESSAGES.transactionFailedOrCancelled, WALLET_ERROR_CODES.unknown);
  return { txid: txid.startsWith("0x") ? txid : `0x${txid}` };
}

/** What `loadWallet()` resolves to. */
export const walletModule: WalletModule = { connect, signMessage, payIntent };
