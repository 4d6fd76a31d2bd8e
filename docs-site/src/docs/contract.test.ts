import {
  ERRORS,
  EVENT_TYPES,
  isErrorCode,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  PERMISSIONS,
  TERMINAL_STATUSES,
} from "@spay/protocol";
import { describe, expect, it } from "vitest";
import { loadDocsContent } from "./content.ts";

/** The docs' tables name what @spay/protocol defines: every status with its label, every event. */
describe("the docs follow sPay's contract (@spay/protocol)", () => {
  it("lists every payment status, with its label unless it is final", async () => {
    const page = await loadDocsContent("getting-started");
    for (const status of PAYMENT_STATUSES) {
      expect(page, status).toContain(`\`${status}\``);
      if (!TERMINAL_STATUSES.includes(status) || status === "payment_settled") {
        expect(page, status).toContain(`| \`${status}\` | ${PAYMENT_STATUS_LABELS[status]} |`);
      }
    }
  });

  it("lists every event type a webhook endpoint can receive, and no other", async () => {
    const page = await loadDocsContent("webhooks");
    const listed = [...page.matchAll(/^\| `([\w.]+)` \|/gm)].map((m) => m[1]);
    expect(listed.filter((name) => name?.includes("."))).toEqual([...EVENT_TYPES]);
  });

  it("Teams and roles gives each error its status and names only permissions the table has", async () => {
    const page = await loadDocsContent("teams");
    const listed = new Map(
      [...page.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1] ?? "", Number(m[2])]),
    );
    for (const code of [
      "role_forbidden",
      "last_owner",
      "already_member",
      "invitation_pending",
      "invitation_invalid",
      "invitation_email_mismatch",
      "session_required",
    ])
      expect(listed.has(code), code).toBe(true);
    for (const [code, status] of listed) {
      expect(isErrorCode(code), code).toBe(true);
      if (isErrorCode(code)) expect(status, code).toBe(ERRORS[code].status);
    }
    // The roles table itself is rendered from the protocol ({{roles-table}}); the prose only cites rights by name.
    expect(page).toMatch(/^\{\{roles-table\}\}$/m);
    const cited = [...page.matchAll(/`([a-z_]+\.(?:read|write|delete|assign))`/g)].map((m) => m[1] ?? "");
    expect(cited.length).toBeGreaterThan(0);
    for (const name of cited) expect(Object.keys(PERMISSIONS), name).toContain(name);
  });
});
