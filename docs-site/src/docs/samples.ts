/**
 * The code samples: real files under docs-site/samples/, run by samples/samples.test.ts against a
 * server on the devnet. Pages include them with a line `{{sample:path}}`.
 */
const files = import.meta.glob<string>(
  ["../../samples/**/*.{sh,ts,tsx,html}", "!../../samples/**/*.test.{ts,tsx}"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);

const LANGUAGES: Record<string, string> = { sh: "sh", ts: "ts", tsx: "tsx", html: "html" };

export const SAMPLES: ReadonlyMap<string, string> = new Map(
  Object.entries(files).map(([path, text]) => [path.replace(/^.*\/samples\//, ""), text]),
);

const DIRECTIVE = /^\{\{sample:([\w./-]+)\}\}$/gm;

/** Replaces each `{{sample:path}}` line with the sample as a fenced code block; an unknown name throws. */
export function expandSamples(markdown: string, samples: ReadonlyMap<string, string> = SAMPLES): string {
  return markdown.replace(DIRECTIVE, (_, name: string) => {
    const text = samples.get(name);
    if (text === undefined) throw new Error(`Unknown code sample: ${name}`);
    const language = LANGUAGES[name.split(".").pop() ?? ""] ?? "";
    const fence = text.includes("```") ? "````" : "```";
    return `${fence}${language}\n${text.replace(/\n+$/, "")}\n${fence}\n\n<p class="sample-source">samples/${name}</p>`;
  });
}
