// @vitest-environment jsdom
import * as protocol from "@spay/protocol";
import { PERMISSIONS, ROLE_DESCRIPTIONS, ROLES, roleCan } from "@spay/protocol";
import { describe, expect, it } from "vitest";
import {
  ALLOWED_TEXT,
  expandRolesTableDirective,
  hasRolesTableDirective,
  NOT_ALLOWED_TEXT,
  type RolesTable,
  roleName,
  rolesTableHtml,
  rolesTableOf,
} from "./rolesTable.ts";

const PROTOCOL_TABLE = rolesTableOf(protocol);

/** The two tables as a reader sees them: the roles, then one row per permission. */
function read(html: string) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const text = (el: Element | null | undefined) => el?.textContent?.trim() ?? "";
  const roles = [...doc.querySelectorAll(".role-descriptions tbody tr")].map((row) => ({
    name: text(row.querySelector("th")),
    description: text(row.querySelector("td")),
  }));
  const matrix = doc.querySelector(".permission-matrix");
  const columns = [...(matrix?.querySelectorAll("thead th") ?? [])].map(text);
  const rows = [...(matrix?.querySelectorAll("tbody tr") ?? [])].map((row) => {
    const header = row.querySelector('th[scope="row"]');
    const cells = [...row.querySelectorAll("td")];
    return {
      permission: text(header?.querySelector("code")),
      covers: text(header?.firstChild as Element | null),
      // What a screen reader says, and what is shown (hidden from screen readers).
      spoken: cells.map((cell) => text(cell.querySelector(".visually-hidden"))),
      shown: cells.map((cell) => text(cell.querySelector('[aria-hidden="true"]'))),
    };
  });
  return { doc, roles, columns, rows };
}

describe("the roles table of Teams and roles (rendered from @spay/protocol)", () => {
  it("shows every role with its description, and every permission with a cell per role", () => {
    const { roles, columns, rows } = read(rolesTableHtml(PROTOCOL_TABLE));
    expect(roles).toEqual(
      ROLES.map((role) => ({ name: roleName(role), description: ROLE_DESCRIPTIONS[role] })),
    );
    expect(columns).toEqual(["Permission", ...ROLES.map(roleName)]);
    expect(rows.map((r) => r.permission)).toEqual(Object.keys(PERMISSIONS));
    for (const row of rows) {
      const permission = row.permission as protocol.Permission;
      expect(row.covers, permission).toBe(PERMISSIONS[permission].covers);
      expect(row.spoken, permission).toEqual(
        ROLES.map((role) => (roleCan(role, permission) ? ALLOWED_TEXT : NOT_ALLOWED_TEXT)),
      );
      expect(row.shown, permission).toEqual(ROLES.map((role) => (roleCan(role, permission) ? "✓" : "—")));
    }
  });

  it("says allowed or not allowed in words, not only by colour or symbol, and scrolls in a named box", () => {
    const { doc } = read(rolesTableHtml(PROTOCOL_TABLE));
    const scroll = doc.querySelector(".permission-scroll");
    expect(scroll?.getAttribute("role")).toBe("region");
    expect(scroll?.getAttribute("aria-label")).toBeTruthy();
    expect(scroll?.getAttribute("tabindex")).toBe("0");
    expect(doc.querySelector(".permission-matrix caption")?.textContent).toBeTruthy();
    for (const cell of doc.querySelectorAll(".permission-matrix td")) {
      expect(cell.querySelector('[aria-hidden="true"]')?.textContent).toMatch(/^[✓—]$/);
      expect(cell.querySelector(".visually-hidden")?.textContent).toMatch(/^(allowed|not allowed)$/);
    }
  });

  it("follows the table it is given: a new role, a changed right, a new permission", () => {
    const changed: RolesTable = {
      roles: [...ROLES, "auditor"],
      descriptions: { ...ROLE_DESCRIPTIONS, auditor: "Reads the audit log and nothing else" },
      permissions: {
        ...PERMISSIONS,
        "payments.read": { roles: ["owner", "admin", "developer"], covers: "See payments, changed" },
        "audit_log.read": { roles: ["owner", "admin", "auditor"], covers: "Read the audit log" },
        "reports.read": { roles: ["auditor"], covers: "Download the monthly <report> & totals" },
      },
    };
    const before = read(rolesTableHtml(PROTOCOL_TABLE));
    const after = read(rolesTableHtml(changed));
    expect(after.roles.at(-1)).toEqual({
      name: "Auditor",
      description: "Reads the audit log and nothing else",
    });
    expect(after.columns).toEqual([...before.columns, "Auditor"]);
    const row = (name: string) => after.rows.find((r) => r.permission === name);
    expect(row("payments.read")).toMatchObject({
      covers: "See payments, changed",
      spoken: [ALLOWED_TEXT, ALLOWED_TEXT, ALLOWED_TEXT, NOT_ALLOWED_TEXT, NOT_ALLOWED_TEXT],
    });
    expect(row("audit_log.read")?.spoken.at(-1)).toBe(ALLOWED_TEXT);
    // Text from the table is text, never markup.
    expect(row("reports.read")?.covers).toBe("Download the monthly <report> & totals");
    expect(row("reports.read")?.spoken).toEqual([...ROLES.map(() => NOT_ALLOWED_TEXT), ALLOWED_TEXT]);
  });

  it("refuses a table whose permissions name a role it does not describe", () => {
    const table: RolesTable = {
      ...PROTOCOL_TABLE,
      permissions: { "x.read": { roles: ["ghost"], covers: "x" } },
    };
    expect(() => rolesTableHtml(table)).toThrow("x.read names an unknown role: ghost");
    expect(() => rolesTableHtml({ ...PROTOCOL_TABLE, roles: [...ROLES, "ghost"] })).toThrow(
      "no description of ghost",
    );
  });

  it("replaces a line {{roles-table}} with the tables and leaves other text alone", () => {
    const page = "# Teams\n\nIntro `{{roles-table}}` inline.\n\n{{roles-table}}\n\nAfter";
    expect(hasRolesTableDirective(page)).toBe(true);
    expect(hasRolesTableDirective("Intro `{{roles-table}}` inline.")).toBe(false);
    expect(expandRolesTableDirective(page, PROTOCOL_TABLE)).toBe(
      `# Teams\n\nIntro \`{{roles-table}}\` inline.\n\n${rolesTableHtml(PROTOCOL_TABLE)}\n\nAfter`,
    );
    // Markdown passes a raw HTML block through only up to a blank line: each table must have none.
    for (const block of rolesTableHtml(PROTOCOL_TABLE).split("\n\n")) expect(block).toMatch(/^<(table|div)/);
  });
});
