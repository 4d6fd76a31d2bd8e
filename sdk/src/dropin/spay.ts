/**
 * `spay.js`, the drop-in's classic script (`<script src=".../spay.js" data-spay-key="…">`): it
 * loads the drop-in's ES module (./install.ts, built to `dropin/spay.js` with its chunks).
 */
import type { installSPay } from "./install.js";
import { loadEntry } from "./loadEntry.js";

loadEntry<{ installSPay: typeof installSPay }>("dropin/spay.js", (mod, script) => {
  mod.installSPay(document, script);
});
