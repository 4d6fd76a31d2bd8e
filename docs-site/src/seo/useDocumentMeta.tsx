import { createContext, type ReactNode, useContext, useEffect } from "react";
import { applyMeta, type PageMeta } from "./meta.ts";

/** During pre-rendering, pages report their meta here (effects do not run on the server). */
export interface MetaCollector {
  meta: PageMeta | null;
}

const MetaCollectorContext = createContext<MetaCollector | null>(null);

export function MetaCollectorProvider({
  collector,
  children,
}: {
  collector: MetaCollector;
  children: ReactNode;
}) {
  return <MetaCollectorContext.Provider value={collector}>{children}</MetaCollectorContext.Provider>;
}

/** Sets the page's title and social/SEO meta; the last page rendered wins, as in the browser. */
export function useDocumentMeta(meta: PageMeta): void {
  const collector = useContext(MetaCollectorContext);
  if (collector) collector.meta = meta;
  const key = JSON.stringify(meta);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is `meta` by value.
  useEffect(() => {
    applyMeta(document, meta);
  }, [key]);
}
