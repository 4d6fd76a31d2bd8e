import { describe, expect, it } from "vitest";
import { parseEventStream } from "./event-stream.ts";

describe("server-sent events parsing", () => {
  it("reads id, event and data; keeps an unfinished event for later; skips keep-alives", () => {
    const { events, rest } = parseEventStream(
      ': keep-alive\n\nid: evt_1\nevent: payment_intent.created\ndata: {"a":1}\n\nid: evt_2\ndata: par',
    );
    expect(events).toEqual([{ id: "evt_1", event: "payment_intent.created", data: '{"a":1}' }]);
    expect(rest).toBe("id: evt_2\ndata: par");
  });
  it("joins multi-line data and accepts CRLF", () => {
    const { events } = parseEventStream("data: one\r\ndata: two\r\n\r\n");
    expect(events).toEqual([{ id: null, event: "message", data: "one\ntwo" }]);
  });
});
