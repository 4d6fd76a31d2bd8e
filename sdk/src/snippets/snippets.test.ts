// @vitest-environment jsdom
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { integrationSnippets } from "./all.js";
import { curlSnippet, fetchSnippet } from "./api.js";
import { htmlSnippet } from "./html.js";
import { reactSnippet } from "./react.js";
import { urlSnippet } from "./url.js";

const HOSTILE = `prod_"><script>alert('x')</script>{}\`$(rm -rf ~)'; DROP \\ \u2028 é`;
const base = {
  publishableKey: "pk_test_abc123",
  apiUrl: "https://api.spay.example",
  scriptUrl: "https://cdn.spay.example/spay.js",
};

// Stand-ins for the components the snippet imports.
const PaymentLinkCard = () => null;
const BuyButton = () => null;

/**
 * Compiles a TSX snippet and runs it against recording stand-ins of `@spay/sdk` and the JSX
 * runtime: returns the rendered element and the options the client was made with.
 */
function renderTsx(source: string) {
  const js = ts.transpileModule(source, {
    compilerOptions: {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2020,
    },
    reportDiagnostics: true,
  });
  expect(js.diagnostics ?? []).toEqual([]);
  const clients: unknown[] = [];
  class SPayClient {
    constructor(options: unknown) {
      clients.push(options);
    }
  }
  const modules: Record<string, unknown> = {
    "@spay/sdk": { SPayClient },
    "@spay/sdk/react": { PaymentLinkCard, BuyButton },
    "react/jsx-runtime": { jsx: (type: unknown, props: Record<string, unknown>) => ({ type, props }) },
  };
  const exports: Record<string, () => { type: unknown; props: Record<string, unknown> }> = {};
  new Function("require", "exports", js.outputText)((name: string) => modules[name], exports);
  const element = exports.Checkout!();
  const name =
    element.type === PaymentLinkCard ? "PaymentLinkCard" : element.type === BuyButton ? "BuyButton" : "?";
  return {
    name,
    props: element.props,
    client: clients[0],
    isClient: element.props.client instanceof SPayClient,
  };
}

describe("HTML snippet (drop-in)", () => {
  it("is the script tag with key and API, then the element bound by the drop-in", () => {
    expect(htmlSnippet({ ...base, productId: "prod_1700000000_ab12cd" })).toBe(
      '<script src="https://cdn.spay.example/spay.js" data-spay-key="pk_test_abc123" data-spay-api="https://api.spay.example"></script>\n' +
        '<div data-spay-product="prod_1700000000_ab12cd" data-spay-view="card"></div>\n',
    );
    expect(htmlSnippet({ ...base, linkId: "plink_9", view: "button", theme: "dark" })).toContain(
      '<div data-spay-link="plink_9" data-spay-view="button"></div>',
    );
  });

  it("a hostile id stays one attribute value: parsed back exactly, no extra element", () => {
    const html = htmlSnippet({ ...base, productId: HOSTILE, publishableKey: `pk_"'<>&` });
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    expect(doc.querySelectorAll("body *").length).toBe(2);
    expect(doc.querySelector("div")?.getAttribute("data-spay-product")).toBe(HOSTILE);
    expect(doc.querySelector("script")?.getAttribute("data-spay-key")).toBe(`pk_"'<>&`);
    expect(doc.querySelector("script")?.textContent).toBe("");
  });

  it("needs exactly one of productId / linkId and http(s) URLs", () => {
    expect(() => htmlSnippet(base)).toThrow(TypeError);
    expect(() => htmlSnippet({ ...base, productId: "a", linkId: "b" })).toThrow(TypeError);
    expect(() => htmlSnippet({ ...base, productId: "a", scriptUrl: "javascript:alert(1)" })).toThrow(
      TypeError,
    );
  });
});

describe("React snippet", () => {
  it("makes an SPayClient with the publishable key and renders <PaymentLinkCard client productId>", () => {
    const source = reactSnippet({ ...base, productId: "prod_1" });
    expect(source).toContain('import { PaymentLinkCard } from "@spay/sdk/react";');
    expect(source).toContain('<PaymentLinkCard client={spay} productId="prod_1" />');
    const rendered = renderTsx(source);
    expect(rendered).toMatchObject({
      name: "PaymentLinkCard",
      isClient: true,
      props: { productId: "prod_1" },
    });
    expect(rendered.client).toEqual({ apiKey: "pk_test_abc123", apiUrl: "https://api.spay.example" });
  });

  it("the button view renders <BuyButton>; a hostile id compiles and arrives as the exact string", () => {
    const rendered = renderTsx(
      reactSnippet({ ...base, publishableKey: HOSTILE, linkId: HOSTILE, view: "button" }),
    );
    expect(rendered.name).toBe("BuyButton");
    expect(rendered.props.linkId).toBe(HOSTILE);
    expect(rendered.client).toMatchObject({ apiKey: HOSTILE });
  });
});

describe("API snippets", () => {
  it("curl posts the intent with a secret key from the environment and an Idempotency-Key", () => {
    const curl = curlSnippet({
      apiUrl: "https://api.spay.example",
      amountMinor: 1999,
      productId: "prod_1",
      idempotencyKey: "k1",
    });
    expect(curl).toBe(
      [
        "curl 'https://api.spay.example/v1/payment_intents' \\",
        "  -X POST \\",
        '  -H "Authorization: Bearer $SPAY_SECRET_KEY" \\',
        "  -H 'Content-Type: application/json' \\",
        "  -H 'Idempotency-Key: k1' \\",
        `  -d '{"amount_minor":1999,"currency":"usd","product_id":"prod_1","metadata":{"product_id":"prod_1"}}'`,
        "",
      ].join("\n"),
    );
  });

  it("fetch sends a fresh Idempotency-Key per run and reads the key from process.env", () => {
    const code = fetchSnippet({ apiUrl: "https://api.spay.example", amountMinor: 500 });
    expect(code).toContain('"Idempotency-Key": crypto.randomUUID()');
    expect(code).toContain(`Authorization: \`Bearer \${process.env.SPAY_SECRET_KEY}\``);
    expect(() => new Function(`return async () => {${code}}`)).not.toThrow();
  });

  it("refuses an amount that is not positive whole cents", () => {
    expect(() => curlSnippet({ apiUrl: base.apiUrl, amountMinor: 19.99 })).toThrow(RangeError);
  });
});

describe("URL snippet", () => {
  it("is {origin}/payment-links/{linkId}, the id encoded", () => {
    expect(urlSnippet({ origin: "https://pay.example/", linkId: "plink_abc" })).toBe(
      "https://pay.example/payment-links/plink_abc",
    );
    expect(urlSnippet({ origin: "https://pay.example", linkId: "a/../b?c" })).toBe(
      "https://pay.example/payment-links/a%2F..%2Fb%3Fc",
    );
  });
});

describe("integrationSnippets", () => {
  it("gives the four tabs of the Integration Code panel for a product", () => {
    const all = integrationSnippets({
      ...base,
      origin: "https://pay.example",
      productId: "prod_1",
      productName: "Mug",
      linkId: "plink_1",
      amountMinor: 1500,
      view: "button",
    });
    expect(all.html).toContain('data-spay-view="button"');
    expect(all.react).toContain("<BuyButton client={spay}");
    expect(all.curl).toContain('"product_name":"Mug"');
    expect(all.fetch).toContain('"product_name": "Mug"');
    expect(all.url).toBe("https://pay.example/payment-links/plink_1");
    expect(
      integrationSnippets({
        ...base,
        origin: "https://pay.example",
        productId: "p",
        linkId: null,
        amountMinor: 1,
      }).url,
    ).toBeNull();
  });
});
