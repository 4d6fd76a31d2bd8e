import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { DEPLOYMENTS, type Deployment } from "./domain/ssrf.ts";
import { CHAINS } from "./domain/tokens.ts";

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
  /** Requests per second and burst, per API key / session, and per client IP. 0 disables. */
  rateLimitKeyPerSecond: z.coerce.number().min(0).default(100),
  rateLimitIpPerSecond: z.coerce.number().min(0).default(200),
  /** Sign-in attempts per minute per IP (password guessing). */
  rateLimitAuthPerMinute: z.coerce.number().min(0).default(30),
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
  webhookIntervalMs: z.coerce.number().int().min(10).default(100),
  /** Seconds a worker owns a claimed delivery; longer than the 15 s send timeout. */
  webhookLeaseSeconds: z.coerce.number().int().min(16).default(30),
  webhookConcurrency: z.coerce.number().int().min(1).max(1000).default(64),
  /** Built dashboard (served at `/`, with index.html for the app's deep links). */
  dashboardDir: z.string().default(fileURLToPath(new URL("../../dashboard/dist", import.meta.url))),
  /** Built docs and blog (served at `/docs`, `/blog`, their pre-rendered pages first). */
  docsDir: z.string().default(fileURLToPath(new URL("../../docs-site/dist", import.meta.url))),
  /** Built SDK browser files, served at `/sdk/` (spay.js, the x402 paywall page's script). */
  sdkDir: z.string().default(fileURLToPath(new URL("../../sdk/dist", import.meta.url))),
  logRequests: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof ConfigSchema> & { publicUrl: string; deployment: Deployment };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse({
    port: env.PORT,
    host: env.HOST,
    dataDir: env.SPAY_DATA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), env.SPAY_DATA_DIR) : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: env.SPAY_DB_POOL_SIZE,
    chain: env.SPAY_CHAIN,
    stacksApiUrl: env.SPAY_STACKS_API_URL || undefined,
    devnet: env.SPAY_DEVNET,
    deployment: env.SPAY_DEPLOYMENT || undefined,
    publicUrl: env.SPAY_PUBLIC_URL || undefined,
    corsOrigins: env.SPAY_CORS_ORIGINS,
    fxSource: env.SPAY_FX_SOURCE,
    fxCacheSeconds: env.SPAY_FX_CACHE_SECONDS,
    rateLimitKeyPerSecond: env.SPAY_RATE_LIMIT_KEY_RPS,
    rateLimitIpPerSecond: env.SPAY_RATE_LIMIT_IP_RPS,
    rateLimitAuthPerMinute: env.SPAY_RATE_LIMIT_AUTH_PER_MIN,
    signInFailuresPerAccount: env.SPAY_SIGN_IN_FAILURES_PER_ACCOUNT,
    walletChallengesPerMinute: env.SPAY_WALLET_CHALLENGES_PER_MIN,
    trustProxy: env.SPAY_TRUST_PROXY,
    sessionTtlSeconds: env.SPAY_SESSION_TTL_SECONDS,
    intentTtlSeconds: env.SPAY_INTENT_TTL_SECONDS,
    scryptLog2N: env.SPAY_SCRYPT_LOG2N,
    logRequests: env.SPAY_LOG_REQUESTS,
    dashboardDir: env.SPAY_DASHBOARD_DIR || undefined,
    sdkDir: env.SPAY_SDK_DIR || undefined,
    docsDir: env.SPAY_DOCS_DIR || undefined,
    encryptionKey: env.SPAY_ENCRYPTION_KEY || undefined,
    webhookIntervalMs: env.SPAY_WEBHOOK_INTERVAL_MS,
    webhookLeaseSeconds: env.SPAY_WEBHOOK_LEASE_SECONDS,
    webhookConcurrency: env.SPAY_WEBHOOK_CONCURRENCY,
    watcher: env.SPAY_WATCHER,
    apiProcesses: env.SPAY_API_PROCESSES,
    watchIntervalMs: env.SPAY_WATCH_INTERVAL_MS,
    devnetPort: env.DEVNET_PORT,
    devnetBlockMs: env.DEVNET_BLOCK_MS,
  });
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${details}`);
  }
  const merged = { ...parsed.data, ...overrides };
  if (merged.apiProcesses > 1 && !merged.databaseUrl) {
    throw new Error(
      "Invalid configuration: SPAY_API_PROCESSES > 1 needs DATABASE_URL (PGlite serves one process)",
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
