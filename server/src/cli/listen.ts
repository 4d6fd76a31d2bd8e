import { newWebhookSecret } from "../domain/webhook-signature.ts";
import { sendWebhook } from "../services/webhooks/send.ts";

export interface ListenOptions {
  apiUrl: string;
  apiKey: string;
  forwardTo: string;
  /** Signs forwarded events; a fresh one is made (and should be printed) when absent. */
  secret?: string;
  onLine?: (line: string) => void;
}

export interface Listener {
  secret: string;
  /** Resolves once the event stream is connected. */
  ready: Promise<void>;
  stop(): void;
}

interface SseMessage {
  id: string;
  event: string;
  data: string;
}

/**
 * `spay listen`: follows the workspace's events (`GET /v1/events/stream`, server-sent events) and
 * forwards each to a local URL as a signed Standard Webhooks request, printing one line per event.
 * Reconnects with Last-Event-ID, so nothing is skipped across a dropped connection.
 */
export function listen(options: ListenOptions): Listener {
  const secret = options.secret ?? newWebhookSecret();
  const print = options.onLine ?? ((line: string) => console.log(line));
  const controller = new AbortController();
  let lastEventId: string | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const forward = async (message: SseMessage) => {
    const result = await sendWebhook({
      url: options.forwardTo,
      id: message.id,
      body: message.data,
      secrets: [secret],
    });
    const outcome = result.status === null ? `error (${result.error})` : `[${result.status}]`;
    print(
      `${new Date().toISOString()}  --> ${message.event.padEnd(30)} ${message.id}  ${outcome} ${result.latencyMs} ms`,
    );
  };

  const run = async () => {
    let backoffMs = 500;
    while (!controller.signal.aborted) {
      try {
        const res = await fetch(`${options.apiUrl}/v1/events/stream`, {
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            accept: "text/event-stream",
            ...(lastEventId ? { "last-event-id": lastEventId } : {}),
          },
          signal: controller.signal,
        });
        if (!res.ok || !res.body) {
          const text = await res.text();
          throw new Error(`event stream answered ${res.status}: ${text.slice(0, 200)}`);
        }
        backoffMs = 500;
        markReady();
        for await (const message of parseSse(res.body)) {
          lastEventId = message.id;
          await forward(message);
        }
      } catch (err) {
        if (controller.signal.aborted) return;
        print(`stream interrupted (${(err as Error).message}); reconnecting in ${backoffMs} ms`);
        await new Promise((r) => setTimeout(r, backoffMs));
        backoffMs = Math.min(10_000, backoffMs * 2);
      }
    }
  };
  void run();
  return { secret, ready, stop: () => controller.abort() };
}

/** Minimal SSE parser: `id:`, `event:`, `data:` lines, a blank line ends a message; comments ignored. */
async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = "";
  let message: Partial<SseMessage> & { data?: string } = {};
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      if (line === "") {
        if (message.id && message.data !== undefined)
          yield { id: message.id, event: message.event ?? "message", data: message.data };
        message = {};
      } else if (!line.startsWith(":")) {
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "id") message.id = value;
        else if (field === "event") message.event = value;
        else if (field === "data")
          message.data = message.data === undefined ? value : `${message.data}\n${value}`;
      }
      newline = buffer.indexOf("\n");
    }
  }
}
