import { fileURLToPath } from "node:url";
import { createServer, type Plugin } from "vite";

const ROOT_DIV = '<div id="root"></div>';

/**
 * `vite build`: index.html's #root holds the signed-out landing page rendered at build time
 * (src/landing/prerender.tsx), so a visitor sees it, and Lighthouse measures its paint, before any
 * JavaScript runs; src/main.tsx hydrates it. `data-prerendered` marks it for the init script's
 * style (build/page-init.ts), which hides it for a signed-in visitor before first paint.
 */
export function prerenderLanding(): Plugin {
  return {
    name: "spay-prerender-landing",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      async handler(html, ctx) {
        if (!ctx.filename.endsWith("index.html")) return html;
        if (!html.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV} to pre-render into`);
        const server = await createServer({
          root: fileURLToPath(new URL("..", import.meta.url)),
          configFile: false,
          logLevel: "error",
          appType: "custom",
          server: { middlewareMode: true, hmr: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { renderLanding } = (await server.ssrLoadModule("/src/landing/prerender.tsx")) as {
            renderLanding(): string;
          };
          return html.replace(ROOT_DIV, `<div id="root" data-prerendered>${renderLanding()}</div>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
