import { EVENT_TYPES, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, TERMINAL_STATUSES } from "@spay/protocol";
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
});
