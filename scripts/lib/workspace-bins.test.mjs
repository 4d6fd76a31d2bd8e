// @ts-check
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tracked = new Set(execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n"));

/**
 * A fresh install links every workspace package's commands into its dependents before anything is
 * built: a command pointing into dist/ prints "Failed to create bin … ENOENT" once per dependent,
 * which a newcomer reads as a broken install. So every command is a file in the repository.
 */
test("every workspace package's commands point at committed files, not at build output", () => {
  const manifests = [...tracked].filter((f) => /(^|\/)package\.json$/.test(f) && !f.includes("node_modules"));
  const commands = manifests.flatMap((manifest) => {
    const { name, bin } = JSON.parse(readFileSync(path.join(ROOT, manifest), "utf8"));
    const entries = typeof bin === "string" ? [[name, bin]] : Object.entries(bin ?? {});
    return entries.map(([command, target]) => ({
      command,
      file: path.posix.normalize(path.posix.join(path.posix.dirname(manifest), target)),
    }));
  });
  assert.ok(
    commands.some((c) => c.command === "spay-server"),
    "the server's command is found",
  );
  assert.deepEqual(
    commands.filter((c) => !tracked.has(c.file)),
    [],
    "commands whose file is not in the repository",
  );
});
