import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { DEPLOYMENTS, type Deployment } from "./domain/ssrf.ts";
import { CHAINS } from "./domain/tokens.ts";

/**
 * The folder holding pnpm-workspace.yaml above `from` (this module's folder by default: `src/`
 * when run from source, `dist/` or `dist/cli/` when built), or null outside the repository.
 */
export function workspaceRoot(from = path.dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * A workspace package's build output, the default of the front-end folders. Outside the repository
 * (the built server installed on its own) there is none: the folder named by the setting is the
 * one served, relative to where the command runs.
 */
function workspaceBuild(workspacePackage: string): string {
  return path.join(workspaceRoot() ?? process.cwd(), workspacePackage, "dist");
}

/**
 * Every setting of the server, read once at start and validated. Defaults are visible here.
 * DESIGN.md's names (PORT, SPAY_DATA_DIR, DATABASE_URL, SPAY_CHAIN, SPAY_STACKS_API_URL, SPAY_DEVNET)
 * are relied on by checks outside the repo.
 */
const ConfigSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8787),
  host: z.string().default("0.0.0.0"),
  /** Relative to where the command was run (pnpm runs scripts inside the package; INIT_CWD is the caller's). */
  dataDir: z.string().default(path.resolve(process.env.INIT_CWD ?? process.cwd(), ".spay/data")),
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  /** Connection pool size for PostgreSQL. */
  databasePoolSize: z.coerce.number().int().min(1).max(200).default(20),
  chain: z.enum(CHAINS).default("devnet"),
  stacksApiUrl: z.string().url().optional(),
  devnet: z.enum(["embedded", "off"]).default("embedded"),
  /**
   * `local`: one developer on their own machine (sandbox webhooks may target localhost and the LAN);
   * `hosted`: serving others (every webhook must reach the public internet). Unset: `local` on the
   * devnet chain, `hosted` on testnet/mainnet.
   */
  deployment: z.enum(DEPLOYMENTS).optional(),
  /** Public base URL used in `spay_url` / `checkout_url` and the wallet sign-in domain. */
  publicUrl: z.string().url().optional(),
  /** Extra origins allowed by CORS besides the public URL (comma separated). */
  corsOrigins: z.string().default("http://localhost:5173"),
  /** BTC/USD rate source: an http(s) URL answering JSON, or `fixed:<number>`. */
  fxSource: z.string().default("https://api.coinbase.com/v2/prices/BTC-USD/spot"),
  fxCacheSeconds: z.coerce.number().int().min(1).default(60),
  /** STX/USD price source for STX amounts: an http(s) URL answering JSON, or `fixed:<number>`. */
  stxFxSource: z.string().default("https://api.coinbase.com/v2/prices/STX-USD/spot"),
  /** Requests per second and burst, per API key / session, and per client IP. 0 disables. */
  rateLimitKeyPerSecond: z.coerce.number().min(0).default(100),
  rateLimitIpPerSecond: z.coerce.number().min(0).default(200),
  /** Sign-in attempts per minute per IP (password guessing). */
  rateLimitAuthPerMinute: z.coerce.number().min(0).default(30),
  /**
   * Redis (`redis://host:port`) holding the rate-limit budgets, shared by every API process. Unset:
   * each process limits in its own memory (N processes give a caller N times the limit).
   */
  redisUrl: z.string().url().optional(),
  /**
   * Failed password sign-ins per account in 15 minutes, from any IP, before that account's password
   * sign-in answers 429 until the oldest failure ages out. 0 disables.
   */
  signInFailuresPerAccount: z.coerce.number().int().min(0).default(10),
  /** Anonymous wallet challenges per minute per IP (each is a stored row). 0 disables. */
  walletChallengesPerMinute: z.coerce.number().min(0).default(20),
  trustProxy: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  sessionTtlSeconds: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  /** log2 of scrypt's N for new password hashes (OWASP minimum 17). */
  scryptLog2N: z.coerce.number().int().min(10).max(20).default(17),
  intentTtlSeconds: z.coerce
    .number()
    .int()
    .min(60)
    .default(15 * 60),
  /**
   * HTTP processes sharing the port (node:cluster). More than one needs PostgreSQL (PGlite is a
   * single-process database); the first process also runs the watcher unless SPAY_WATCHER=off.
   */
  apiProcesses: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Enables `POST /v1/chainhooks/{test|live}` (Hiro Chainhooks 2.0 push), authenticated by this
   * secret as a bearer token. Unset: no push endpoint; the watcher polls the chain API.
   */
  chainhooksSecret: z.string().min(16).optional(),
  /** Run the settlement watcher in this process (`off` for API-only processes). */
  watcher: z.enum(["on", "off"]).default("on"),
  watchIntervalMs: z.coerce.number().int().min(50).default(250),
  devnetPort: z.coerce.number().int().min(0).max(65535).default(3999),
  devnetBlockMs: z.coerce.number().int().min(0).default(2000),
  /** base64 of 32 bytes: seals webhook secrets at rest (generated into the database when unset). */
  encryptionKey: z
    .string()
    .refine((k) => Buffer.from(k, "base64").length === 32, "SPAY_ENCRYPTION_KEY must be base64 of 32 bytes")
    .optional(),
  /**
   * Longest sleep of the webhook worker: it is woken by each new event and at its next due retry,
   * so this only bounds a missed notification or a manual resend made while it sleeps.
   */
  webhookIntervalMs: z.coerce.number().int().min(10).default(30_000),
  /** Seconds a worker owns a claimed delivery; longer than the 15 s send timeout. */
  webhookLeaseSeconds: z.coerce.number().int().min(16).default(30),
  webhookConcurrency: z.coerce.number().int().min(1).max(1000).default(64),
  /**
   * SMTP server receipts are sent through (`smtp://user:pass@host:587`, `smtps://…:465`; nodemailer's
   * URL options such as `?requireTLS=true` apply). Unset (the embedded default): receipts are kept,
   * status `kept`, and listed by `GET /v1/mail` for the dashboard's local inbox; nothing is sent.
   */
  smtpUrl: z
    .string()
    .regex(/^smtps?:\/\//, "SPAY_SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  /** The From of receipts (`Name <address>`). Unset: `sPay <receipts@HOST>`, HOST from the public URL. */
  mailFrom: z.string().min(3).optional(),
  /** Built dashboard (served at `/`, with index.html for the app's deep links). */
  dashboardDir: z.string().default(() => workspaceBuild("dashboard")),
  /** Built docs and blog (served at `/docs`, `/blog`, their pre-rendered pages first). */
  docsDir: z.string().default(() => workspaceBuild("docs-site")),
  /** Built SDK browser files, served at `/sdk/` (spay.js, the x402 paywall page's script). */
  sdkDir: z.string().default(() => workspaceBuild("sdk")),
  logRequests: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof ConfigSchema> & { publicUrl: string; deployment: Deployment };

/** The environment variable behind each setting. */
export const SETTING_VARIABLES = {
  port: "PORT",
  host: "HOST",
  dataDir: "SPAY_DATA_DIR",
  databaseUrl: "DATABASE_URL",
  databasePoolSize: "SPAY_DB_POOL_SIZE",
  chain: "SPAY_CHAIN",
  stacksApiUrl: "SPAY_STACKS_API_URL",
  devnet: "SPAY_DEVNET",
  deployment: "SPAY_DEPLOYMENT",
  publicUrl: "SPAY_PUBLIC_URL",
  corsOrigins: "SPAY_CORS_ORIGINS",
  fxSource: "SPAY_FX_SOURCE",
  fxCacheSeconds: "SPAY_FX_CACHE_SECONDS",
  stxFxSource: "SPAY_STX_FX_SOURCE",
  rateLimitKeyPerSecond: "SPAY_RATE_LIMIT_KEY_RPS",
  rateLimitIpPerSecond: "SPAY_RATE_LIMIT_IP_RPS",
  rateLimitAuthPerMinute: "SPAY_RATE_LIMIT_AUTH_PER_MIN",
  redisUrl: "SPAY_REDIS_URL",
  signInFailuresPerAccount: "SPAY_SIGN_IN_FAILURES_PER_ACCOUNT",
  walletChallengesPerMinute: "SPAY_WALLET_CHALLENGES_PER_MIN",
  trustProxy: "SPAY_TRUST_PROXY",
  sessionTtlSeconds: "SPAY_SESSION_TTL_SECONDS",
  intentTtlSeconds: "SPAY_INTENT_TTL_SECONDS",
  scryptLog2N: "SPAY_SCRYPT_LOG2N",
  logRequests: "SPAY_LOG_REQUESTS",
  dashboardDir: "SPAY_DASHBOARD_DIR",
  sdkDir: "SPAY_SDK_DIR",
  docsDir: "SPAY_DOCS_DIR",
  encryptionKey: "SPAY_ENCRYPTION_KEY",
  webhookIntervalMs: "SPAY_WEBHOOK_INTERVAL_MS",
  webhookLeaseSeconds: "SPAY_WEBHOOK_LEASE_SECONDS",
  webhookConcurrency: "SPAY_WEBHOOK_CONCURRENCY",
  smtpUrl: "SPAY_SMTP_URL",
  mailFrom: "SPAY_MAIL_FROM",
  watcher: "SPAY_WATCHER",
  chainhooksSecret: "SPAY_CHAINHOOKS_SECRET",
  apiProcesses: "SPAY_API_PROCESSES",
  watchIntervalMs: "SPAY_WATCH_INTERVAL_MS",
  devnetPort: "DEVNET_PORT",
  devnetBlockMs: "DEVNET_BLOCK_MS",
} as const satisfies Record<keyof z.input<typeof ConfigSchema>, string>;

type Setting = keyof typeof SETTING_VARIABLES;

/** Settings whose empty value means something (no extra CORS origins); any other empty one is unset. */
const EMPTY_IS_A_VALUE: ReadonlySet<Setting> = new Set(["corsOrigins"]);

/** A setting the operator has to change to start the server; `variable` names it. */
export class SettingError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = "SettingError";
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const input: Partial<Record<Setting, string>> = {};
  for (const [setting, variable] of Object.entries(SETTING_VARIABLES) as [Setting, string][]) {
    const value = env[variable];
    if (value !== undefined && (value !== "" || EMPTY_IS_A_VALUE.has(setting))) input[setting] = value;
  }
  // Relative to where the command was run (pnpm runs scripts inside the package; INIT_CWD is the caller's).
  if (input.dataDir) input.dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), input.dataDir);
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    const [first] = parsed.error.issues;
    const variable = (key: PropertyKey | undefined) =>
      SETTING_VARIABLES[key as Setting] ?? String(key ?? "a setting");
    // Values are not repeated: DATABASE_URL, SPAY_SMTP_URL and SPAY_ENCRYPTION_KEY carry secrets.
    const details = parsed.error.issues
      .map((i) => `set ${variable(i.path[0])} to a valid value (${i.message})`)
      .join("; ");
    throw new SettingError(variable(first?.path[0]), details);
  }
  const merged = { ...parsed.data, ...overrides };
  if (merged.apiProcesses > 1 && !merged.databaseUrl) {
    throw new SettingError(
      "SPAY_API_PROCESSES",
      "SPAY_API_PROCESSES > 1 needs DATABASE_URL (PGlite serves one process) — set DATABASE_URL or SPAY_API_PROCESSES=1",
    );
  }
  return {
    ...merged,
    publicUrl: merged.publicUrl ?? `http://localhost:${merged.port}`,
    // Nobody hosts a gateway for others on the devnet; a public chain means it may be.
    deployment: merged.deployment ?? (merged.chain === "devnet" ? "local" : "hosted"),
  };
}

export function corsOriginList(config: Config): string[] {
  const extra = config.corsOrigins
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return [new URL(config.publicUrl).origin, ...extra];
}
