/** A module loaded on first use; see {@link lazyModule}. */
export interface LazyModule<T> {
  /** The module if it is bundled in or already loaded, else null. */
  current(): T | null;
  /** The module, imported on the first call (a failed import is tried again on the next call). */
  load(): Promise<T>;
  /** Imports from `url` instead (e.g. a self-hosted copy of the chunk); `null` restores the default. */
  setUrl(url: string | null): void;
}

/**
 * The one way the SDK defers code the QR path does not need (the wallet module, the wallet
 * payment steps, the checkout's wallet UI). `source` is the module itself when the package bundles
 * it in, or the bundler's dynamic import of its chunk.
 */
export function lazyModule<T extends object>(source: T | (() => Promise<T>)): LazyModule<T> {
  const bundled = typeof source === "function" ? null : source;
  let url: string | null = null;
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    current: () => loaded ?? (url ? null : bundled),
    load() {
      loading ??= (
        url
          ? (import(/* webpackIgnore: true */ /* @vite-ignore */ url) as Promise<T>)
          : bundled
            ? Promise.resolve(bundled)
            : (source as () => Promise<T>)()
      ).then(
        (mod) => {
          loaded = mod;
          return mod;
        },
        (err: unknown) => {
          loading = null; // a failed download may succeed on the next attempt
          throw err;
        },
      );
      return loading;
    },
    setUrl(next) {
      url = next;
      loaded = null;
      loading = null;
    },
  };
}
