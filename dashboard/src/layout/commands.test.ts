import { describe, expect, it } from "vitest";
import { COMMANDS, filterCommands } from "./commands.ts";

describe("command palette commands (SPEC.md §2)", () => {
  it("has navigation to getting-started, dashboard, payments, products, customers, mail, merchants, developers, analytics, team, settings", () => {
    const nav = COMMANDS.filter((c) => c.group === "navigation").map((c) => c.label.replace("Go to ", ""));
    expect(nav).toEqual([
      "Getting Started",
      "Dashboard",
      "Payments",
      "Products",
      "Customers",
      "Mail",
      "Merchants",
      "Developers",
      "Analytics",
      "Team",
      "Settings",
    ]);
  });

  it("groups the rest as Quick Actions, Settings and Help", () => {
    expect(new Set(COMMANDS.map((c) => c.group))).toEqual(
      new Set(["navigation", "quickActions", "settings", "help"]),
    );
  });

  it("filters by every word of the query, case-insensitively", () => {
    expect(filterCommands("go pay").map((c) => c.id)).toEqual(["nav-payments"]);
    expect(filterCommands("DARK").map((c) => c.id)).toEqual(["qa-theme"]);
    expect(filterCommands("zzz")).toEqual([]);
  });

  it("finds Customers for 'cust', Mail for 'mail' and Team for 'invite'", () => {
    expect(filterCommands("cust").map((c) => c.id)).toEqual(["nav-customers"]);
    expect(filterCommands("mail").map((c) => c.id)).toEqual(["nav-mail"]);
    expect(filterCommands("invite").map((c) => c.id)).toEqual(["nav-team"]);
  });
});
