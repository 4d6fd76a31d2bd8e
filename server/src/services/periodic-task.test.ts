import { afterEach, describe, expect, it } from "vitest";
import { PeriodicTask } from "./periodic-task.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tasks: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(tasks.splice(0).map((t) => t.stop()));
});

function counting(intervalMs: number, options: { tickMs?: number; delayAfter?: () => number } = {}) {
  const runs: number[] = [];
  const task = new PeriodicTask(
    "test task",
    intervalMs,
    async () => {
      runs.push(performance.now());
      if (options.tickMs) await sleep(options.tickMs);
    },
    options.delayAfter ? { delayAfter: options.delayAfter } : {},
  );
  tasks.push(task);
  return { task, runs };
}

describe("PeriodicTask", () => {
  it("runs at once, then waits its interval; wake() runs it early", async () => {
    const { task, runs } = counting(60_000);
    task.start();
    await sleep(50);
    expect(runs).toHaveLength(1);
    task.wake();
    await sleep(50);
    expect(runs).toHaveLength(2);
  });

  it("a wake during a tick runs another right after it (the tick may have missed the news)", async () => {
    const { task, runs } = counting(60_000, { tickMs: 100 });
    task.start();
    await sleep(20);
    task.wake();
    await sleep(250);
    expect(runs).toHaveLength(2);
    expect((runs[1] ?? 0) - (runs[0] ?? 0)).toBeGreaterThanOrEqual(95);
  });

  it("sleeps what delayAfter asks, capped by the interval", async () => {
    const short = counting(60_000, { delayAfter: () => 30 });
    const capped = counting(40, { delayAfter: () => 60_000 });
    short.task.start();
    capped.task.start();
    await sleep(300);
    expect(short.runs.length).toBeGreaterThanOrEqual(4);
    expect(capped.runs.length).toBeGreaterThanOrEqual(4);
  });

  it("stop() ends the loop: no tick after it, wake() included", async () => {
    const { task, runs } = counting(20);
    task.start();
    await sleep(50);
    await task.stop();
    const n = runs.length;
    task.wake();
    await sleep(80);
    expect(runs).toHaveLength(n);
  });
});
