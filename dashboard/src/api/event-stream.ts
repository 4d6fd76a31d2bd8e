/** One server-sent event. */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events; returns the events complete in `buffer` and the rest
 * (an event ends at a blank line; comment lines such as keep-alives are skipped).
 */
export function parseEventStream(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const blocks = buffer.replaceAll("\r\n", "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let id: string | null = null;
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    if (data.length > 0) events.push({ id, event, data: data.join("\n") });
  }
  return { events, rest };
}

/**
 * Follows `/v1/events/stream` with the session's bearer token (EventSource cannot send headers):
 * reconnects after a drop, resuming from the last event id. Returns a function that stops it.
 */
export function followWorkspaceEvents(
  auth: { token: string; workspaceId: string },
  onEvent: (event: StreamEvent) => void,
  options: { retryMs?: number } = {},
): () => void {
  const controller = new AbortController();
  let lastId: string | null = null;
  const retryMs = options.retryMs ?? 2000;
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const headers: Record<string, string> = {
          accept: "text/event-stream",
          authorization: `Bearer ${auth.token}`,
          "x-workspace-id": auth.workspaceId,
        };
        if (lastId) headers["last-event-id"] = lastId;
        const res = await fetch("/v1/events/stream", { headers, signal: controller.signal });
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEventStream(buffer + value);
          buffer = parsed.rest;
          for (const event of parsed.events) {
            if (event.id) lastId = event.id;
            onEvent(event);
          }
        }
      } catch {
        // Dropped or refused: try again shortly (the caller's Refresh still works meanwhile).
      }
      if (controller.signal.aborted) return;
      await new Promise((r) => setTimeout(r, retryMs));
    }
  };
  void run();
  return () => controller.abort();
}
