#!/usr/bin/env node
// The `spay-server` command: the built gateway (dist/main.js). This launcher is a committed file
// so that installing a workspace that depends on @spay/server links the command before anything
// is built, instead of warning that dist/ does not exist yet.
import { runBuilt } from "./run-built.js";

await runBuilt("main.js");
