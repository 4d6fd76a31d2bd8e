/** The server's OpenAPI document, provided by build/openapi-plugin.ts (typed in api-reference/document.ts). */
declare module "virtual:spay-openapi" {
  const document: unknown;
  export default document;
}
