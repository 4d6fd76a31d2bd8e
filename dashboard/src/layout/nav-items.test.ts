import { describe, expect, it } from "vitest";
import { bottomBarItems, tabLayout } from "./nav-items.ts";

const paths = (items: { path: string }[]) => items.map((i) => i.path);

describe("signed-in tabs (SPEC.md §2 Signed-in app layout)", () => {
  it("shows the first five tabs and puts the rest under 'More' while setup is incomplete", () => {
    const { tabs, more } = tabLayout(false);
    expect(paths(tabs)).toEqual(["/getting-started", "/dashboard", "/payments", "/products", "/customers"]);
    expect(paths(more)).toEqual(["/integrations", "/mail", "/team", "/settings"]);
  });

  it("hides Get Started once setup is complete, with only Mail under 'More'", () => {
    const { tabs, more } = tabLayout(true);
    expect(paths(tabs)).toEqual([
      "/dashboard",
      "/payments",
      "/products",
      "/customers",
      "/integrations",
      "/team",
      "/settings",
    ]);
    expect(paths(more)).toEqual(["/mail"]);
  });

  it("gives the mobile bottom bar the first four tabs", () => {
    expect(paths(bottomBarItems(false))).toEqual([
      "/getting-started",
      "/dashboard",
      "/payments",
      "/products",
    ]);
    expect(bottomBarItems(true)).toHaveLength(4);
  });
});
