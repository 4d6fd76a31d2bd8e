import { readFileSync } from "node:fs";
import { globSync } from "tinyglobby";
import { defineConfig } from "vitest/config";
import { BaseSequencer } from "vitest/node";
import { heavyFirst } from "../scripts/lib/heavy-first-sequencer.ts";

/**
 * Two kinds of test: components and the drop-in run in jsdom, everything else (core, server
 * helpers, snippets, packaging, browser tests driving Chromium) in Node. A file may still pick its
 * own environment with a `// @vitest-environment` comment.
 *
 * The jsdom files share one jsdom and one module graph per worker (a fresh jsdom per file cost
 * three times the tests' own time); Testing Library unmounts after each test and globals stubbed
 * in a test are restored after it. A file that replaces a module (`vi.mock`) cannot share a graph
 * — the module may already be loaded by another file — so those get a fresh one ("dom:mocks").
 */
const DOM_TESTS = ["src/ui/**/*.test.{ts,tsx}", "src/dropin/**/*.test.{ts,tsx}", "src/react*.test.{ts,tsx}"];
const MOCKS_MODULES = /\bvi\.(mock|doMock)\(/;
const mockingFiles = globSync(DOM_TESTS, { cwd: import.meta.dirname }).filter((file) =>
  MOCKS_MODULES.test(readFileSync(new URL(file, import.meta.url), "utf8")),
);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // vitest's default on 2 cores is one worker.
    maxWorkers: 2,
    sequence: { sequencer: heavyFirst(BaseSequencer) },
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
          exclude: [...DOM_TESTS, "**/node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: DOM_TESTS,
          exclude: mockingFiles,
          isolate: false,
          unstubGlobals: true,
          setupFiles: ["./test/dom-setup.ts"],
        },
      },
      { extends: true, test: { name: "dom:mocks", environment: "jsdom", include: mockingFiles } },
    ],
  },
});
