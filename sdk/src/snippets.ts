/**
 * `@spay/sdk/snippets` — the integration snippets of the dashboard's Integration Code panel
 * (SPEC.md §2), as strings: pure functions, every interpolated value escaped for its language.
 */

export {
  type IntegrationSnippetOptions,
  type IntegrationSnippets,
  integrationSnippets,
} from "./snippets/all.js";
export { type ApiSnippetOptions, curlSnippet, fetchSnippet, SECRET_KEY_ENV } from "./snippets/api.js";
export { type HtmlSnippetOptions, htmlSnippet } from "./snippets/html.js";
export { type ReactSnippetOptions, reactSnippet } from "./snippets/react.js";
export { urlSnippet } from "./snippets/url.js";
