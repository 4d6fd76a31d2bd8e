#!/usr/bin/env node
// The `spay` command-line helpers (pay, listen, verify-wallet): the built dist/cli/spay.js.
import { runBuilt } from "./run-built.js";

await runBuilt("cli/spay.js");
