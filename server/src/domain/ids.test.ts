import { describe, expect, it } from "vitest";
import { newId, randomBase62 } from "./ids.ts";

describe("object ids", () => {
  it("carry their type's prefix and 24 base62 characters, never repeating", () => {
    const ids = Array.from({ length: 10_000 }, () => newId("paymentIntent"));
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^pi_[0-9A-Za-z]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("draw every base62 character equally often (rejection sampling, no modulo bias)", () => {
    const counts = new Map<string, number>();
    for (const char of randomBase62(248_000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const values = [...counts.values()];
    // A plain `byte % 62` gives '0'–'7' 5/256 instead of 4/256: a ratio near 1.25.
    expect(Math.max(...values) / Math.min(...values)).toBeLessThan(1.12);
  });
});
