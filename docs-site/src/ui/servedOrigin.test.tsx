// @vitest-environment jsdom
import { cleanup, render, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { ApiReferenceView } from "../api-reference/ApiReference.tsx";
import { openapiDocument } from "../api-reference/document.ts";
import { LOCAL_API_URL } from "../site.ts";
import { Markdown } from "./Markdown.tsx";
import { withServedOrigin } from "./servedOrigin.ts";

afterEach(cleanup);

describe("samples name the gateway the docs were served from", () => {
  it("a page's samples, once in the browser, name the page's own origin", async () => {
    expect(window.location.origin).not.toBe(LOCAL_API_URL);
    const { container } = render(
      <MemoryRouter>
        <Markdown html={`<pre><code>curl -s ${LOCAL_API_URL}/v1/payment_intents</code></pre>`} />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(container.textContent).toBe(`curl -s ${window.location.origin}/v1/payment_intents`),
    );
  });

  it("the API reference's base URL and curl examples too", async () => {
    const { container } = render(<ApiReferenceView doc={openapiDocument} />);
    await waitFor(() => expect(container.textContent).not.toContain(LOCAL_API_URL));
    expect(container.querySelector("code.language-sh")?.textContent).toContain(window.location.origin);
  });

  it("leaves a text naming no local gateway as it is", () => {
    expect(withServedOrigin("see https://pay.spay.dev/docs", "http://127.0.0.1:9")).toBe(
      "see https://pay.spay.dev/docs",
    );
  });
});
