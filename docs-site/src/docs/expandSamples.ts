const LANGUAGES: Record<string, string> = { sh: "sh", ts: "ts", tsx: "tsx", html: "html" };

const DIRECTIVE = /^\{\{sample:([\w./-]+)\}\}$/gm;

/**
 * Replaces each `{{sample:path}}` line with the sample as a fenced code block; an unknown name
 * throws. Pure (no bundler globs), so the build can run it in Node.
 */
export function expandSampleDirectives(markdown: string, samples: ReadonlyMap<string, string>): string {
  return markdown.replace(DIRECTIVE, (_, name: string) => {
    const text = samples.get(name);
    if (text === undefined) throw new Error(`Unknown code sample: ${name}`);
    const language = LANGUAGES[name.split(".").pop() ?? ""] ?? "";
    const fence = text.includes("```") ? "````" : "```";
    return `${fence}${language}\n${text.replace(/\n+$/, "")}\n${fence}\n\n<p class="sample-source">samples/${name}</p>`;
  });
}
