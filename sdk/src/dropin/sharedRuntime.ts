import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { isRetryable, SPayError } from "../core/errors.js";
import { type SHARED_MODULES, SHARED_RUNTIME_KEY } from "./sharedModules.js";

type Lent = { [K in keyof typeof SHARED_MODULES]: { [N in (typeof SHARED_MODULES)[K][number]]: unknown } };

/** What spay.js lends, exactly the names of {@link SHARED_MODULES} (checked by the type). */
const sharedRuntime = {
  react: { useEffect, useId, useMemo, useRef, useState },
  "react/jsx-runtime": { Fragment, jsx, jsxs },
  "src/core/errors.ts": { isRetryable, SPayError },
} satisfies Lent;

/** Publishes the shared modules before any lazily loaded file can load. */
export function shareRuntime(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(SHARED_RUNTIME_KEY)] = sharedRuntime;
}
