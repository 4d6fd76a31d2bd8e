import { useEffect, useState } from "react";
import type { SPayClient } from "../../core/client.js";
import { FALLBACK_USD_PER_BTC } from "../../core/format.js";
import { CARD_MESSAGES } from "../../core/messages.js";
import { fetchUsdPerBtc } from "./fetchUsdPerBtc.js";
import type { PaymentLinkData } from "./linkData.js";
import { linkLoadErrorText, loadPaymentLinkData } from "./loadPaymentLink.js";

/** Where a card or buy button gets its product: given data, or ids to load with a client. */
export interface PaymentLinkDataProps {
  client?: SPayClient | undefined;
  link?: PaymentLinkData | undefined;
  linkId?: string | undefined;
  productId?: string | undefined;
  /** BTC/USD rate for the sats estimate; default the API's `/fx` (with a client), else the fallback. */
  usdPerBtc?: number | undefined;
}

/** What {@link usePaymentLinkData} returns. */
export interface PaymentLinkDataState {
  data: PaymentLinkData | null;
  /** SPEC.md §8 load error text, or null. */
  error: string | null;
  /** True when the error is a 404 ('Payment Link Not Found'). */
  notFound: boolean;
  usdPerBtc: number;
}

/** Loads (or passes through) a card's data and the BTC rate; effects only, so SSR renders loading. */
export function usePaymentLinkData(props: PaymentLinkDataProps): PaymentLinkDataState {
  const { client, link, linkId, productId, usdPerBtc } = props;
  const [loaded, setLoaded] = useState<{ data: PaymentLinkData | null; error: string | null }>({
    data: null,
    error: null,
  });
  const [rate, setRate] = useState(usdPerBtc ?? FALLBACK_USD_PER_BTC);

  useEffect(() => {
    if (link || !client || !(linkId || productId)) return;
    let live = true;
    setLoaded({ data: null, error: null });
    const source = linkId ? { linkId } : { productId: productId as string };
    loadPaymentLinkData(client, source).then(
      (data) => live && setLoaded({ data, error: null }),
      (err: unknown) => live && setLoaded({ data: null, error: linkLoadErrorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [client, link, linkId, productId]);

  useEffect(() => {
    if (usdPerBtc !== undefined) {
      setRate(usdPerBtc);
      return;
    }
    if (!client) return;
    let live = true;
    fetchUsdPerBtc(client).then((r) => live && setRate(r));
    return () => {
      live = false;
    };
  }, [client, usdPerBtc]);

  const data = link ?? loaded.data;
  const error = link ? null : loaded.error;
  return { data, error, notFound: error === CARD_MESSAGES.linkNotFound, usdPerBtc: rate };
}
