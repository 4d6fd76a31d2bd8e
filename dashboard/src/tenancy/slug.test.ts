import { describe, expect, it } from "vitest";
import { slugify } from "./slug.ts";

describe("slug default (SPEC.md §2 Get Started step 1)", () => {
  it("lowercases and turns runs of non-alphanumerics into one hyphen", () => {
    expect(slugify("Main Store")).toBe("main-store");
    expect(slugify("Acme   &  Co.!! Shop")).toBe("acme-co-shop");
  });
  it("drops hyphens at the ends", () => {
    expect(slugify("  --Beans--  ")).toBe("beans");
  });
});

describe("slug default of a long name", () => {
  it("stays within the server's 48 characters, without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(47)} b ${"c".repeat(100)}`);
    expect(slug).toBe("a".repeat(47));
    expect(slugify("x".repeat(200))).toHaveLength(48);
  });
});
