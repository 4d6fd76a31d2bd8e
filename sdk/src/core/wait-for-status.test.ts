import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPayClient } from "./client.js";
import { SPayError } from "./errors.js";
import {
  createMerchant,
  startTestServer,
  type TestMerchant,
  type TestServer,
} from "./testing/spay-server.js";
import type { PaymentIntent, PaymentStatus } from "./types.js";

let api: TestServer;
let merchant: TestMerchant;

beforeAll(async () => {
  api = await startTestServer();
  merchant = await createMerchant(api.url);
});
afterAll(() => api?.close());

/** A client that records which paths it fetched, optionally breaking the stream endpoint. */
function recordingClient(options: { breakStream?: boolean } = {}) {
  const paths: string[] = [];
  const client = new SPayClient({
    apiKey: merchant.pk,
    apiUrl: api.url,
    fetch: (input, init) => {
      const url = new URL(String(input));
      paths.push(url.pathname);
      if (options.breakStream && url.pathname.endsWith("/stream"))
        return Promise.reject(new TypeError("fetch failed"));
      return fetch(input, init);
    },
  });
  return { client, paths };
}

async function serverCall(method: string, route: string, body?: unknown): Promise<PaymentIntent> {
  const res = await fetch(`${api.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as PaymentIntent;
}
/** What a publishable key follows an intent with. */
const secretOf = (intent: PaymentIntent) => intent.client_secret as string;
const newIntent = () => serverCall("POST", "/v1/payment_intents", { amount_minor: 1000 });
const cancel = (id: string) => serverCall("POST", `/v1/payment_intents/${id}/cancel`, {});

describe("waitForStatus follows the intent's real status", () => {
  it("over server-sent events: every change arrives, and it resolves at a terminal status", async () => {
    const { client, paths } = recordingClient();
    const intent = await newIntent();
    const seen: PaymentStatus[] = [];
    const done = client.waitForStatus(secretOf(intent), {
      transport: "sse",
      onUpdate: (pi) => {
        seen.push(pi.status);
        if (pi.status === "requires_payment_method") void cancel(pi.id);
      },
    });
    const final = await done;
    expect(final.status).toBe("canceled");
    expect(seen).toEqual(["requires_payment_method", "canceled"]);
    expect(paths).toEqual([`/v1/payment_intents/${intent.id}/stream`]);
  });

  it("resolves as soon as `until` holds, without waiting for a terminal status", async () => {
    // A reported txid the chain does not know leaves the intent as it is, so the
    // condition is on the open intent itself: it holds at once, and the intent never ends here.
    const { client } = recordingClient();
    const intent = await newIntent();
    const reached = await client.waitForStatus(secretOf(intent), {
      until: (pi) => pi.status === "requires_payment_method" && pi.id === intent.id,
    });
    expect(reached.status).toBe("requires_payment_method");
    expect(reached.client_secret).toBe(intent.client_secret);
  });

  it("by polling when asked: the first answer at once, the change on a later poll", async () => {
    const { client, paths } = recordingClient();
    const intent = await newIntent();
    const seen: PaymentStatus[] = [];
    setTimeout(() => void cancel(intent.id), 200);
    const final = await client.waitForStatus(secretOf(intent), {
      transport: "poll",
      onUpdate: (pi) => seen.push(pi.status),
    });
    expect(final.status).toBe("canceled");
    expect(seen).toEqual(["requires_payment_method", "canceled"]);
    expect(paths.every((p) => p === `/v1/payment_intents/${intent.id}`)).toBe(true);
    expect(paths.length).toBe(2); // 1 s after the first poll
  });

  it("auto falls back to polling when the stream fails", async () => {
    const { client, paths } = recordingClient({ breakStream: true });
    const intent = await newIntent();
    setTimeout(() => void cancel(intent.id), 200);
    const final = await client.waitForStatus(secretOf(intent));
    expect(final.status).toBe("canceled");
    expect(paths[0]).toBe(`/v1/payment_intents/${intent.id}/stream`);
    expect(paths.slice(1).every((p) => p === `/v1/payment_intents/${intent.id}`)).toBe(true);
  });

  it("resolves at once for an intent already in a terminal status", async () => {
    const { client } = recordingClient();
    const intent = await newIntent();
    await cancel(intent.id);
    const final = await client.waitForStatus(secretOf(intent), {
      until: (pi) => pi.status === "payment_settled",
    });
    expect(final.status).toBe("canceled");
  });

  it("rejects with the abort reason when the signal fires, and stops reading", async () => {
    const { client } = recordingClient();
    const intent = await newIntent();
    const controller = new AbortController();
    const waiting = client.waitForStatus(secretOf(intent), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("closed by the payer")), 100);
    await expect(waiting).rejects.toThrow("closed by the payer");
  });

  it("a missing intent rejects with the API's 404, on every transport", async () => {
    const { client } = recordingClient();
    for (const transport of ["sse", "poll", "auto"] as const) {
      const err = await client.waitForStatus("pi_missing", { transport }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SPayError);
      expect((err as SPayError).status).toBe(404);
    }
  });
});
