// @ts-check
// node --test scripts/
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, test } from "node:test";
import { inputsDigest, staleReason, writeStamp } from "./build-stamp.mjs";

/** @type {string} */
let root;
const build = () => ({
  root,
  outDir: "app/dist",
  outputs: ["index.html"],
  inputs: ["app/src", "app/package.json", "lib/src"],
  stampFile: "app/node_modules/.cache/stamp.json",
});
/** @param {string} rel @param {string} text */
const write = (rel, text) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
/** Builds: the output file, then the stamp of the inputs as they are. */
const built = () => {
  write("app/dist/index.html", "<html></html>");
  writeStamp(path.join(root, build().stampFile), inputsDigest(root, build().inputs));
};
/** Moves a file's modification time, as an editor saving it would. */
const touch = (/** @type {string} */ rel) => {
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(root, rel), later, later);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "build-stamp-"));
  write("app/src/main.ts", "export {};");
  write("app/package.json", "{}");
  write("lib/src/index.ts", "export const x = 1;");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("a build that never ran is stale", () => {
  assert.equal(staleReason(build()), "app/dist is missing");
});

test("a build whose inputs are unchanged since its stamp is up to date", () => {
  built();
  assert.equal(staleReason(build()), null);
});

test("an output folder without its stamp is rebuilt", () => {
  write("app/dist/index.html", "<html></html>");
  assert.equal(staleReason(build()), "no build stamp");
});

test("a required output file missing despite the stamp is rebuilt", () => {
  built();
  rmSync(path.join(root, "app/dist/index.html"));
  assert.equal(staleReason(build()), "app/dist/index.html is missing");
});

test("a saved source file makes the build stale, even with the same size", () => {
  built();
  touch("app/src/main.ts");
  assert.equal(staleReason(build()), "sources changed");
});

test("a change in a workspace package it depends on makes the build stale", () => {
  built();
  write("lib/src/index.ts", "export const x = 2;");
  touch("lib/src/index.ts");
  assert.equal(staleReason(build()), "sources changed");
});

test("an added or a deleted source file makes the build stale", () => {
  built();
  write("app/src/new.ts", "export {};");
  assert.equal(staleReason(build()), "sources changed");
  built();
  rmSync(path.join(root, "app/src/new.ts"));
  assert.equal(staleReason(build()), "sources changed");
});

test("tests, installed packages and outputs inside a source folder are not inputs", () => {
  built();
  write("app/src/main.test.ts", "test();");
  write("app/src/test/fixture.ts", "export {};");
  write("app/src/node_modules/x/index.js", "");
  write("app/src/dist/out.js", "");
  assert.equal(staleReason(build()), null);
});
