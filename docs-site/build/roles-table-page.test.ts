// @vitest-environment node
// (The build loads @spay/protocol with tsx, whose esbuild refuses to run under jsdom's globals.)
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import * as protocol from "@spay/protocol";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { type RolesTable, rolesTableOf } from "../src/docs/rolesTable.ts";
import type { RenderedMarkdown } from "../src/markdown/render.ts";
import {
  createBuildRenderer,
  DOCS_PAGE_QUERY,
  expandDocsDirectives,
  loadRolesTable,
  markdownPlugin,
  readSamples,
} from "./markdown-plugin.ts";

const TEAMS_PAGE = fileURLToPath(new URL("../src/docs/content/teams.md", import.meta.url));

/** The page as the build emits it: the plugin's load hook, as Vite runs it for `teams.md?docs-page`. */
async function buildTeamsPage(): Promise<RenderedMarkdown> {
  const load = markdownPlugin().load as (
    this: { addWatchFile(file: string): void },
    id: string,
  ) => Promise<{ code: string }>;
  const { code } = await load.call({ addWatchFile() {} }, `${TEAMS_PAGE}${DOCS_PAGE_QUERY}`);
  return JSON.parse(code.replace(/^export default /, "").replace(/;$/, "")) as RenderedMarkdown;
}

describe("Teams and roles, built (build/markdown-plugin.ts with @spay/protocol's table)", () => {
  it("loads the protocol's roles table in Node (TypeScript source), exactly as the package exports it", async () => {
    expect(await loadRolesTable()).toEqual(rolesTableOf(protocol));
  });

  it("carries every permission and role of the table, sanitized, with what screen readers and keyboards need", async () => {
    const page = await buildTeamsPage();
    // (That it is safe HTML is checked with every page's in ./markdown-plugin.test.ts, under jsdom.)
    expect(page.html).not.toContain("{{roles-table}}");
    const doc = new JSDOM(page.html).window.document;
    const rowHeaders = [...doc.querySelectorAll('.permission-matrix th[scope="row"]')];
    expect(rowHeaders.map((th) => th.querySelector("code")?.textContent)).toEqual(
      Object.keys(protocol.PERMISSIONS),
    );
    for (const [name, { covers }] of Object.entries(protocol.PERMISSIONS))
      expect(page.html, name).toContain(covers);
    for (const role of protocol.ROLES) expect(page.html, role).toContain(protocol.ROLE_DESCRIPTIONS[role]);
    const cells = doc.querySelectorAll(".permission-matrix td");
    expect(cells.length).toBe(Object.keys(protocol.PERMISSIONS).length * protocol.ROLES.length);
    for (const cell of cells) {
      expect(cell.querySelector('[aria-hidden="true"]')?.textContent).toMatch(/^[✓—]$/);
      expect(cell.querySelector(".visually-hidden")?.textContent).toMatch(/^(allowed|not allowed)$/);
    }
    const scroll = doc.querySelector(".permission-scroll");
    expect([scroll?.getAttribute("role"), scroll?.getAttribute("tabindex")]).toEqual(["region", "0"]);
    expect(page.headings.map((h) => h.text)).toContain("Roles");
  });

  it("a different roles table gives a different page", async () => {
    const source = await readFile(TEAMS_PAGE, "utf8");
    const samples = await readSamples();
    const render = createBuildRenderer();
    const changed: RolesTable = {
      roles: ["owner", "viewer"],
      descriptions: { owner: "Runs everything", viewer: "Looks, never touches" },
      permissions: { "payments.read": { roles: ["owner", "viewer"], covers: "Look at the payments" } },
    };
    const original = render(await expandDocsDirectives(source, samples)).html;
    const html = render(await expandDocsDirectives(source, samples, async () => changed)).html;
    for (const text of ["Looks, never touches", "Look at the payments", ">Viewer</th>"]) {
      expect(html).toContain(text);
      expect(original).not.toContain(text);
    }
    expect(html).not.toContain(protocol.PERMISSIONS["members.write"].covers);
    expect(original).toContain(protocol.PERMISSIONS["members.write"].covers);
  });
});
