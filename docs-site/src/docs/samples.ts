import { expandSampleDirectives } from "./expandSamples.ts";

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

export const SAMPLES: ReadonlyMap<string, string> = new Map(
  Object.entries(files).map(([path, text]) => [path.replace(/^.*\/samples\//, ""), text]),
);

/** Replaces each `{{sample:path}}` line with the sample as a fenced code block; an unknown name throws. */
export function expandSamples(markdown: string, samples: ReadonlyMap<string, string> = SAMPLES): string {
  return expandSampleDirectives(markdown, samples);
}
