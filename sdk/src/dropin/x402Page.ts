/**
 * The x402 paywall page's module (`@spay/sdk/server`'s `paywall` renders the page, whose
 * `spay-x402.js` loads this): it opens the SDK's x402 overlay on the page's requirements, pays with
 * a Stacks wallet (the wallet chunk, loaded on demand), fetches the resource again with the payment
 * proof (SPEC.md's form: the wallet broadcasts, the proof names the txid), and shows what the
 * merchant serves.
 */
import {
  decodeX402Header,
  encodeX402Header,
  SPEC_PROOF_VERSION,
  toSpecRequirements,
  X402_HEADERS,
  X402_NETWORKS,
  type X402PaymentRequiredV2,
  type X402SpecScheme,
} from "@spay/protocol/x402";
import { createElement } from "react";
import { loadWallet } from "../core/wallet/index.js";
import { X402Overlay } from "../ui/x402-overlay/X402Overlay.js";
import { PAYWALL_DATA_ID, PAYWALL_PAGE_MESSAGES } from "../x402/paywall-page-messages.js";
import { mountInShadow } from "./mountInShadow.js";

const PAY_BUTTON_ID = "spay-x402-pay";

/** The intent-shaped facts the wallet module's transfer needs, from an x402 scheme. */
function payableOf(scheme: X402SpecScheme) {
  return {
    asset: scheme.asset_type === "sip10" ? ("usdc" as const) : ("sbtc" as const),
    amount_asset: scheme.amount,
    token_contract: scheme.asset,
    recipient: scheme.recipient,
    memo: scheme.nonce ?? "",
    env: scheme.network === X402_NETWORKS.mainnet ? ("live" as const) : ("test" as const),
  };
}

/** Why the paywall refused the proof: the `error` of its new requirements, or the status. */
function refusalOf(res: Response): string {
  const header = res.headers.get(X402_HEADERS.paymentRequired);
  if (header) {
    try {
      const error = decodeX402Header(header).error;
      if (typeof error === "string" && error) return error;
    } catch {
      // fall through to the status
    }
  }
  return PAYWALL_PAGE_MESSAGES.resourceFailed(res.status);
}

/** Replaces the paywall with the paid answer: an HTML document as is, anything else as text. */
async function showResource(res: Response): Promise<void> {
  const text = await res.text();
  if ((res.headers.get("content-type") ?? "").includes("text/html")) {
    document.open();
    document.write(text);
    document.close();
    return;
  }
  const pre = document.createElement("pre");
  pre.id = "spay-x402-resource";
  pre.textContent = text;
  pre.style.whiteSpace = "pre-wrap";
  document.querySelector("main")?.replaceChildren(pre);
}

function start(): void {
  const data = document.getElementById(PAYWALL_DATA_ID)?.textContent;
  if (!data) return;
  const required = JSON.parse(data) as X402PaymentRequiredV2;
  const requirements = toSpecRequirements(required);
  let paid: Response | null = null;
  let open = false;

  const openOverlay = () => {
    if (open || paid) return;
    open = true;
    const host = document.createElement("div");
    host.setAttribute("data-spay-x402", "");
    document.body.appendChild(host);
    const shadow = mountInShadow(host);
    const close = () => {
      shadow.unmount();
      host.remove();
      open = false;
      if (paid) void showResource(paid);
      else document.getElementById(PAY_BUTTON_ID)?.focus();
    };
    shadow.render(
      createElement(X402Overlay, {
        requirements,
        onPayWithWallet: async (scheme) =>
          (await loadWallet()).payIntent(payableOf(scheme as X402SpecScheme)),
        onVerify: async (txid, scheme) => {
          const proof = {
            version: SPEC_PROOF_VERSION,
            scheme: scheme.scheme,
            network: scheme.network,
            data: { txid, to: scheme.recipient, amount: scheme.amount, asset: scheme.asset },
          };
          const res = await fetch(location.href, {
            headers: { [X402_HEADERS.xPayment]: encodeX402Header(proof), accept: required.resource.mimeType },
            cache: "no-store",
          });
          if (!res.ok) throw new Error(refusalOf(res));
          paid = res;
        },
        onClose: close,
      }),
    );
  };

  const button = document.getElementById(PAY_BUTTON_ID);
  if (button) {
    button.hidden = false;
    button.addEventListener("click", openOverlay);
  }
  openOverlay();
}

/** Starts the page once its document is parsed (spay-x402.js calls it). */
export function startX402Page(): void {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}
