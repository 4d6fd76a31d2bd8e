// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiReferenceView } from "./ApiReference.tsx";
import { openapiDocument as openapi } from "./document.ts";
import { endpointId, HTTP_METHODS } from "./openapi.ts";

afterEach(cleanup);

describe("API reference page (from the server's OpenAPI document)", () => {
  it("renders every operation with its summary, responses and a curl example", () => {
    const { container } = render(<ApiReferenceView doc={openapi} />);
    let count = 0;
    for (const [path, item] of Object.entries(openapi.paths))
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        count++;
        const section = container.querySelector(`#${endpointId(method, path)}`);
        expect(section, `${method} ${path}`).not.toBeNull();
        expect(section?.querySelector(".endpoint-path")?.textContent).toBe(path);
        if (operation.summary) expect(section?.textContent).toContain(operation.summary);
        expect(section?.querySelector("code.language-sh")?.textContent).toMatch(/^curl -s/);
      }
    expect(container.querySelectorAll(".endpoint")).toHaveLength(count);
    expect(count).toBeGreaterThan(40);
  });

  it("shows the create-payment-intent request fields and its error statuses", () => {
    const { container } = render(<ApiReferenceView doc={openapi} />);
    const section = container.querySelector("#post-v1-payment-intents");
    expect(section?.textContent).toContain("amount_minor");
    expect(section?.textContent).toContain("Idempotency-Key");
    expect([...(section?.querySelectorAll(".status.error") ?? [])].map((s) => s.textContent)).toContain(
      "409",
    );
  });
});
