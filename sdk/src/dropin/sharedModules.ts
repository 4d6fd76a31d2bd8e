/**
 * The modules spay.js lends the file it loads later (spay-wallet-ui.js), and the names each
 * lends: Preact, whose hooks keep their state in its module, and the API error class
 * (`instanceof` must hold across the files). Keys are import specifiers or source paths. That
 * file's build resolves these modules to spay.js's global (tsup.config.ts); importing a name not
 * listed here fails it. No imports here: tsup.config.ts reads it.
 */
export const SHARED_MODULES = {
  react: ["useEffect", "useId", "useMemo", "useRef", "useState"],
  "react/jsx-runtime": ["Fragment", "jsx", "jsxs"],
  "src/core/errors.ts": ["isRetryable", "SPayError"],
} as const;

/** The global spay.js publishes them under (`globalThis[Symbol.for(SHARED_RUNTIME_KEY)]`). */
export const SHARED_RUNTIME_KEY = "spay.runtime";
