import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { SecretBox } from "../domain/secret-box.ts";
import type { HostResolver } from "../domain/ssrf.ts";
import type { ChangeFeed } from "../services/change-feed.ts";
import type { FxRates, UsdPriceFeed } from "../services/fx.ts";
import type { KeyCache } from "../services/key-cache.ts";
import type { ImageStore } from "../services/product-images/image-store.ts";
import type { ChainClients } from "../services/settlement/chains.ts";
import type { MemberAccess } from "./guard.ts";
import type { IdempotencyClaim } from "./idempotency.ts";

/** Who is calling: a signed-in user (session) or an API key of one workspace environment. */
export type Principal =
  | { kind: "session"; userId: string; sessionId: string }
  | {
      kind: "api_key";
      keyId: string;
      keyType: "publishable" | "secret";
      workspaceId: string;
      environmentId: string;
      env: "test" | "live";
      scopes: string[];
    };

/** Long-lived collaborators every route and service receives. */
export interface Deps {
  db: Db;
  config: Config;
  fx: FxRates;
  /** STX/USD, for STX amounts. */
  stxUsd: UsdPriceFeed;
  /** Seals and opens secrets the server must read back (webhook signing secrets). */
  secrets: SecretBox;
  /** Chain API per key environment (test → the sandbox chain, live → mainnet). */
  chains: ChainClients;
  /** Bytes of product images: the data folder (embedded) or a table (PostgreSQL). */
  images: ImageStore;
  /** Committed intent and event changes pushed by the database (LISTEN/NOTIFY): what SSE streams wait on. */
  changes: ChangeFeed;
  /** Enabled API keys held in memory, kept current by LISTEN/NOTIFY (absent: every key is read). */
  keys?: KeyCache;
  /** How webhook hosts are resolved for the SSRF check (default: the system resolver); tests inject one. */
  resolveHost?: HostResolver;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    principal: Principal | undefined;
    clientIp: string;
    /** Set by the idempotency middleware for a route that writes its Idempotency-Key claim itself. */
    idempotencyClaim: IdempotencyClaim | undefined;
    /** A signed-in caller's role where the request acts, set by the route's guard. */
    member: MemberAccess | undefined;
    /** For an API key: whether the object the path names is the key's, asked before a 400 (guard.ts). */
    reach: (() => Promise<void>) | undefined;
  };
}
