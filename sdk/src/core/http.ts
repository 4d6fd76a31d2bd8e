import { SPayError } from "./errors.js";
import { CHECKOUT_MESSAGES } from "./messages.js";

/** Where the API lives when no `apiUrl` is given: the local development server (SPEC.md §7). */
export const DEFAULT_API_URL = "http://localhost:8787";

/** Connection settings shared by every client. */
export interface TransportOptions {
  /** `pk_…` or `sk_…`; sent as `Authorization: Bearer`. */
  apiKey?: string | undefined;
  /** API base, default {@link DEFAULT_API_URL}. */
  apiUrl?: string | undefined;
  /** A `fetch` to use instead of the global one (tests, proxies, older runtimes). */
  fetch?: typeof fetch | undefined;
}

/** One API call. */
export interface ApiRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** POSTs always carry one (a random UUID unless given), so a retried call never runs twice. */
  idempotencyKey?: string | undefined;
  /**
   * Send the API key (default true). Public objects such as payment links need none; a caller with
   * a credential of its own (the dashboard's session token) sends it in `headers` instead.
   */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/**
 * The one place the SDK talks HTTP: base URL, bearer key, JSON, idempotency keys, and errors
 * turned into {@link SPayError}. The browser client, the server client and the merchant dashboard
 * (through `@spay/sdk/transport`, with its session token) use it.
 */
export class ApiTransport {
  readonly apiUrl: string;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof fetch;

  constructor(options: TransportOptions) {
    this.apiUrl = (options.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, "");
    this.#apiKey = options.apiKey || undefined;
    const impl = options.fetch;
    // Called as a plain function (`window.fetch` stored on an object throws "Illegal invocation"),
    // the global one looked up at each call.
    this.#fetch = (input, init) => (impl ?? fetch)(input, init);
  }

  /** Sends a request and parses the JSON answer; throws {@link SPayError} on any failure. */
  async request<T>(req: ApiRequest): Promise<T> {
    const res = await this.send(req, "application/json");
    const text = await res.text();
    try {
      return (text ? JSON.parse(text) : null) as T;
    } catch (err) {
      throw new SPayError(CHECKOUT_MESSAGES.httpStatus(res.status), {
        code: "invalid_response",
        status: res.status,
        cause: err,
      });
    }
  }

  /** Sends a request and returns the successful response unread (for event streams). */
  async send(req: ApiRequest, accept: string): Promise<Response> {
    const headers: Record<string, string> = { accept, ...req.headers };
    if (req.auth !== false) {
      if (!this.#apiKey) {
        throw new SPayError(CHECKOUT_MESSAGES.workspaceKeyRequired, { code: "api_key_required", status: 0 });
      }
      headers.authorization = `Bearer ${this.#apiKey}`;
    }
    if (req.method === "POST") headers["idempotency-key"] = req.idempotencyKey ?? randomKey();
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers["content-type"] = "application/json";
    }
    let res: Response;
    try {
      res = await this.#fetch(this.url(req.path, req.query), {
        method: req.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(req.signal ? { signal: req.signal } : {}),
      });
    } catch (err) {
      if (req.signal?.aborted) throw req.signal.reason;
      throw SPayError.network(err);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      throw SPayError.fromResponse(res.status, text, res.headers.get("x-request-id"));
    }
    return res;
  }

  private url(path: string, query: ApiRequest["query"]): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    const search = params.toString();
    return `${this.apiUrl}${path}${search ? `?${search}` : ""}`;
  }
}

/**
 * A payment intent call by id or by client secret (`pi_…_secret_…`, which names the id): the secret
 * goes in the query, as a publishable key reaches an intent only with it (secret keys need none).
 */
export function intentRequest(ref: string, suffix = ""): { path: string; query: ApiRequest["query"] } {
  const id = ref.split("_secret_")[0] as string;
  return {
    path: `/v1/payment_intents/${pathId(id)}${suffix}`,
    query: id === ref ? {} : { client_secret: ref },
  };
}

/** `encodeURIComponent` for ids in paths: an id can never escape its path segment. */
export function pathId(id: string): string {
  if (!id) throw new TypeError("An object id is required");
  return encodeURIComponent(id);
}

/** A v4 UUID. `crypto.randomUUID` exists only in secure contexts; `getRandomValues` everywhere. */
export function randomKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === "function") return c.randomUUID();
  // Each 0, 1 and 8 of the template becomes a random hex digit, keeping the version (4) and the
  // variant bits (8, 9, a or b) of RFC 9562.
  return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (d) => {
    const n = Number(d);
    return (n ^ ((c.getRandomValues(new Uint8Array(1))[0] ?? 0) & (15 >> (n / 4)))).toString(16);
  });
}
