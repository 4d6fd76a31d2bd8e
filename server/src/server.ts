import path from "node:path";
import type { ServerType } from "@hono/node-server";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import type { Config } from "./config.ts";
import { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from "./db/database.ts";
import type { NotificationSource } from "./db/notifications.ts";
import { answerClientErrors } from "./http/client-error.ts";
import type { Deps } from "./http/context.ts";
import { purgeIdempotencyKeys } from "./http/idempotency.ts";
import { portError } from "./http/port-error.ts";
import { rateLimitStore } from "./http/rate-limit.ts";
import { purgeExpiredChallenges } from "./services/auth.ts";
import { ChangeFeed } from "./services/change-feed.ts";
import { loadSecretBox } from "./services/encryption-key.ts";
import { ExportWorker } from "./services/exports/worker.ts";
import { FxRates, stxPriceFeed } from "./services/fx.ts";
import { KeyCache } from "./services/key-cache.ts";
import { smtpTransport } from "./services/mail/transport.ts";
import { defaultMailOptions, MailWorker } from "./services/mail/worker.ts";
import {
  databaseImageStore,
  folderImageStore,
  type ImageStore,
} from "./services/product-images/image-store.ts";
import { chainClientsFor } from "./services/settlement/chains.ts";
import { DEFAULT_WATCHER_OPTIONS, SettlementWatcher } from "./services/settlement/watcher.ts";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookWorker } from "./services/webhooks/worker.ts";

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  close(): Promise<void>;
}

/** The configured database (PostgreSQL or PGlite), migrated to the latest schema. */
export async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  await migrateToLatest(database.db);
  return database;
}

export async function openDeps(
  config: Config,
  devnetUrl: string | null = null,
  opened?: DatabaseHandle,
): Promise<{ deps: Deps; database: DatabaseHandle }> {
  const database = opened ?? (await openMigratedDatabase(config));
  // Images live where the database does: PGlite's data folder, or PostgreSQL itself (shared by
  // every server process).
  const images =
    database.kind === "postgres"
      ? databaseImageStore(database.db)
      : folderImageStore(path.join(config.dataDir, "product-images"));
  return {
    deps: await createDeps(database.db, config, devnetUrl, database.notifications, images),
    database,
  };
}

/**
 * The collaborators every route, service and worker receives. `notifications` is the database's
 * LISTEN ({@link DatabaseHandle.notifications}); without it nothing is pushed to SSE streams, which
 * then only re-read at their safety interval. `images`: where product images are kept (default: the
 * database's own table, as for an in-memory PGlite).
 */
export async function createDeps(
  db: Db,
  config: Config,
  devnetUrl: string | null = null,
  notifications: NotificationSource | null = null,
  images: ImageStore = databaseImageStore(db),
): Promise<Deps> {
  return {
    db,
    config,
    images,
    fx: new FxRates(config.fxSource, config.fxCacheSeconds),
    stxUsd: stxPriceFeed(config.stxFxSource, config.fxCacheSeconds),
    secrets: await loadSecretBox(db, config),
    chains: chainClientsFor(config, devnetUrl),
    changes: await ChangeFeed.start(notifications),
    keys: await KeyCache.start(notifications),
  };
}

/**
 * The port taken or not ours to take: a setting to change ({@link portError}), not a crash.
 */
function listen(fetch: Parameters<typeof serve>[0]["fetch"], config: Config): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: config.port, hostname: config.host }, () => resolve(server));
    server.once("error", (error) => reject(portError(error, config.port, "PORT") ?? error));
  });
}

const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Opens the database (migrating it), serves the API, runs the settlement watcher and periodic
 * housekeeping. `devnetUrl` is the embedded devnet's API when there is one; `database`, one
 * already opened with {@link openMigratedDatabase} (while the devnet started).
 */
export async function startServer(
  config: Config,
  options: { devnetUrl?: string | null; database?: DatabaseHandle } = {},
): Promise<RunningServer> {
  const { deps, database } = await openDeps(config, options.devnetUrl ?? null, options.database);
  const watcher =
    config.watcher === "on"
      ? new SettlementWatcher(
          deps,
          deps.chains,
          { ...DEFAULT_WATCHER_OPTIONS, intervalMs: config.watchIntervalMs },
          // At rest it sleeps; any committed change (a new intent's outbox event) wakes it.
          database.notifications,
        )
      : null;
  watcher?.start();
  const webhooks =
    config.watcher === "on"
      ? new WebhookWorker(
          deps,
          {
            ...DEFAULT_WEBHOOK_OPTIONS,
            intervalMs: config.webhookIntervalMs,
            leaseSeconds: config.webhookLeaseSeconds,
            concurrency: config.webhookConcurrency,
          },
          // Woken by each new event (the outbox's trigger), not polling.
          database.notifications,
        )
      : null;
  webhooks?.start();
  // Receipts: sent over SMTP when SPAY_SMTP_URL is set, else kept for the local inbox.
  const mail =
    config.watcher === "on"
      ? new MailWorker(
          deps,
          config.smtpUrl ? smtpTransport(config.smtpUrl) : null,
          defaultMailOptions(deps),
          database.notifications,
        )
      : null;
  mail?.start();
  // Data exports: built one at a time per process, files deleted when they expire.
  const exportWorker = config.watcher === "on" ? new ExportWorker(deps) : null;
  exportWorker?.start();
  const limits = rateLimitStore(config);
  // Shared budgets from the first request; an unreachable Redis falls back per process (logged).
  await limits.ready();
  const app = createApp(deps, limits);
  let server: ServerType;
  try {
    server = await listen(app.fetch, config);
  } catch (error) {
    await Promise.all([
      watcher?.stop(),
      webhooks?.stop(),
      mail?.stop(),
      exportWorker?.stop(),
      deps.changes.close(),
      limits.close(),
    ]);
    await database.close();
    throw error;
  }
  answerClientErrors(server);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const maintenance = setInterval(() => {
    purgeIdempotencyKeys(deps).catch((err) => console.error("idempotency purge failed", err));
    purgeExpiredChallenges(deps.db).catch((err) => console.error("challenge purge failed", err));
  }, MAINTENANCE_INTERVAL_MS);
  maintenance.unref();
  return {
    url: `http://localhost:${port}`,
    port,
    deps,
    async close() {
      clearInterval(maintenance);
      // The feed first: open SSE streams end, so the HTTP server's close is not held up by them.
      await Promise.all([
        watcher?.stop(),
        webhooks?.stop(),
        mail?.stop(),
        exportWorker?.stop(),
        deps.changes.close(),
        deps.keys?.close(),
      ]);
      await new Promise<void>((resolve) => {
        // close() hangs up the keep-alive connections idle at that moment only; one whose request is
        // still being answered (a reverse proxy's pooled upstream) would stay open for the
        // keep-alive timeout after its answer, holding the exit and taking new requests meanwhile.
        const sweep = setInterval(() => {
          if ("closeIdleConnections" in server) server.closeIdleConnections();
        }, 100);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
      });
      await limits.close();
      await database.close();
    },
  };
}
