import { readSse, type SseMessage } from "@spay/sdk/transport";
import { apiResponse } from "./http.ts";
import type { WorkspaceAuth } from "./types.ts";

export type { SseMessage as StreamEvent };

/**
 * Follows `/v1/events/stream` with the session's bearer token (EventSource cannot send headers),
 * read by the SDK's event-stream reader: reconnects after a drop, resuming from the last event id
 * (`Last-Event-ID`). Returns a function that stops it.
 */
export function followWorkspaceEvents(
  auth: WorkspaceAuth,
  onEvent: (event: SseMessage) => void,
  options: { retryMs?: number } = {},
): () => void {
  const controller = new AbortController();
  let lastId = "";
  const retryMs = options.retryMs ?? 2000;
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const res = await apiResponse("/v1/events/stream", "text/event-stream", {
          token: auth.token,
          workspaceId: auth.workspaceId,
          headers: lastId ? { "last-event-id": lastId } : {},
          signal: controller.signal,
        });
        if (!res.body) throw new Error("event stream without a body");
        for await (const event of readSse(res.body)) {
          if (controller.signal.aborted) return;
          lastId = event.id;
          onEvent(event);
        }
      } catch {
        // Dropped or refused: try again shortly (the screens' Retry still works meanwhile).
      }
      if (controller.signal.aborted) return;
      await new Promise((r) => setTimeout(r, retryMs));
    }
  };
  void run();
  return () => controller.abort();
}
