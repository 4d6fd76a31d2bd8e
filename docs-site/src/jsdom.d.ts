/** The little of jsdom the pre-render uses (the package ships no types and @types/jsdom is not a dependency). */
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string, options?: Record<string, unknown>);
    readonly window: Window & typeof globalThis;
  }
}
