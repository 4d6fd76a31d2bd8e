import { describe, expect, it } from "vitest";
import { createProgress } from "./progress.ts";

function recorder(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

describe("progress while a command waits", () => {
  it("off a terminal: one line per state change, a repeated state prints nothing, no control codes", () => {
    const stream = recorder(false);
    const progress = createProgress(stream);
    for (const state of ["broadcast", "pending", "pending", "settled"]) progress.step(state);
    progress.done();
    expect(stream.writes.join("")).toBe("broadcast\npending\nsettled\n");
  });

  it("on a terminal: a spinner beside the current state; each finished state stays as a ✓ line", async () => {
    const stream = recorder(true);
    const progress = createProgress(stream, 5);
    progress.step("broadcast");
    await new Promise((resolve) => setTimeout(resolve, 30));
    progress.step("settled");
    progress.done();
    const output = stream.writes.join("");
    expect(stream.writes.filter((w) => w.endsWith(" broadcast")).length).toBeGreaterThan(1);
    expect(output).toContain("\r\x1b[K✓ broadcast\n");
    expect(output.endsWith("\r\x1b[K✓ settled\n")).toBe(true);
  });

  it("on a terminal, a failed wait leaves its state marked ✗ and the spinner stops", async () => {
    const stream = recorder(true);
    const progress = createProgress(stream, 5);
    progress.step("pending");
    progress.done(false);
    const count = stream.writes.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stream.writes.length).toBe(count);
    expect(stream.writes.at(-1)).toBe("\r\x1b[K✗ pending\n");
  });
});
