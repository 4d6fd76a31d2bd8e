import type { PERMISSIONS, ROLE_DESCRIPTIONS, ROLES } from "@spay/protocol";

/**
 * Who may do what, as the Teams and roles page shows it. The page renders the protocol's table
 * (the one the server checks every signed-in request against), never a copy typed into the
 * Markdown, so the docs cannot promise a right the server refuses. Any table can be passed in, so
 * tests can see that the page follows the table it is given.
 */
export interface RolesTable {
  roles: readonly string[];
  descriptions: Readonly<Record<string, string>>;
  permissions: Readonly<Record<string, { readonly roles: readonly string[]; readonly covers: string }>>;
}

/** The exports of @spay/protocol the table is made of. */
export interface ProtocolRoles {
  ROLES: typeof ROLES;
  ROLE_DESCRIPTIONS: typeof ROLE_DESCRIPTIONS;
  PERMISSIONS: typeof PERMISSIONS;
}

/** The protocol's table. Only its types are imported here: the build loads the package itself. */
export const rolesTableOf = (protocol: ProtocolRoles): RolesTable => ({
  roles: protocol.ROLES,
  descriptions: protocol.ROLE_DESCRIPTIONS,
  permissions: protocol.PERMISSIONS,
});

/** A line `{{roles-table}}` of a docs page is replaced by the tables below. */
const DIRECTIVE = /^\{\{roles-table\}\}$/gm;

/** What a screen reader says for a cell: the ✓ and — are hidden from it, as symbols read badly. */
export const ALLOWED_TEXT = "allowed";
export const NOT_ALLOWED_TEXT = "not allowed";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/** A role as the dashboard names it: "developer" → "Developer". */
export const roleName = (role: string): string => role.charAt(0).toUpperCase() + role.slice(1);

function check(table: RolesTable): void {
  for (const role of table.roles)
    if (!table.descriptions[role]) throw new Error(`The roles table has no description of ${role}`);
  for (const [permission, { roles }] of Object.entries(table.permissions))
    for (const role of roles)
      if (!table.roles.includes(role)) throw new Error(`${permission} names an unknown role: ${role}`);
}

/**
 * The roles with what each is for, then one row per permission (what it covers, its name) and one
 * column per role. Written as raw HTML with no blank line, so Markdown passes each table through
 * whole; the sanitizer keeps every attribute used here.
 */
export function rolesTableHtml(table: RolesTable): string {
  check(table);
  const roles = [
    '<table class="role-descriptions">',
    "<caption>The roles</caption>",
    '<thead><tr><th scope="col">Role</th><th scope="col">What it is for</th></tr></thead>',
    "<tbody>",
    ...table.roles.map(
      (role) =>
        `<tr><th scope="row">${escapeHtml(roleName(role))}</th><td>${escapeHtml(table.descriptions[role] ?? "")}</td></tr>`,
    ),
    "</tbody>",
    "</table>",
  ];
  const cell = (allowed: boolean) =>
    allowed
      ? `<td class="role-allowed"><span aria-hidden="true">✓</span><span class="visually-hidden">${ALLOWED_TEXT}</span></td>`
      : `<td class="role-denied"><span aria-hidden="true">—</span><span class="visually-hidden">${NOT_ALLOWED_TEXT}</span></td>`;
  const matrix = [
    // Five columns do not fit a phone: the table scrolls sideways in its own box, which keyboard
    // users can focus to scroll and screen readers announce by its name.
    '<div class="table-scroll permission-scroll" role="region" aria-label="What each role may do" tabindex="0">',
    '<table class="permission-matrix">',
    "<caption>What each role may do</caption>",
    `<thead><tr><th scope="col">Permission</th>${table.roles.map((role) => `<th scope="col">${escapeHtml(roleName(role))}</th>`).join("")}</tr></thead>`,
    "<tbody>",
    ...Object.entries(table.permissions).map(
      ([permission, { roles, covers }]) =>
        `<tr><th scope="row">${escapeHtml(covers)} <span class="permission-name"><code>${escapeHtml(permission)}</code></span></th>${table.roles.map((role) => cell(roles.includes(role))).join("")}</tr>`,
    ),
    "</tbody>",
    "</table>",
    "</div>",
  ];
  return `${roles.join("\n")}\n\n${matrix.join("\n")}`;
}

/** Whether a page shows the roles table. */
export const hasRolesTableDirective = (markdown: string): boolean =>
  new RegExp(DIRECTIVE.source, "m").test(markdown);

/**
 * Replaces each `{{roles-table}}` line with {@link rolesTableHtml}. Pure (no bundler globs), so the
 * build runs it in Node next to the code samples' directives.
 */
export function expandRolesTableDirective(markdown: string, table: RolesTable): string {
  return markdown.replace(DIRECTIVE, () => rolesTableHtml(table));
}
