import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium (DESIGN.md "Tests and checks": no browser downloads). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * Serves the page under the Content-Security-Policy the gateway will send (scripts from the
 * origin only; `csp: false` leaves it out), blocks every request that leaves `origin` (tests never touch the network), and
 * collects console errors, page errors and dialogs.
 */
export async function guardPage(
  page: Page,
  origin: string,
  options: { csp?: boolean } = {},
): Promise<{ problems: string[]; dialogs: string[] }> {
  const problems: string[] = [];
  const dialogs: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.route("**/*", async (route) => {
    const url = route.request().url();
    if (!url.startsWith(origin)) return route.abort();
    try {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      if (options.csp !== false && (headers["content-type"] ?? "").includes("text/html"))
        headers["content-security-policy"] =
          "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'";
      await route.fulfill({ response, headers });
    } catch (err) {
      // A request the page gave up on while it was fetched (it navigated on, or closed) has no one
      // left to answer; anything else is a problem the test reports.
      const message = err instanceof Error ? err.message : String(err);
      if (page.isClosed() || /disposed|closed|Route is already handled/i.test(message)) return;
      problems.push(`route ${url}: ${message}`);
    }
  });
  return { problems, dialogs };
}
