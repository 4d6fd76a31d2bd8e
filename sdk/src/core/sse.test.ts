import { describe, expect, it } from "vitest";
import { readSse, SseParser } from "./sse.js";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const out = [];
  for await (const m of readSse(streamOf(chunks))) out.push(m);
  return out;
}

describe("server-sent events parser", () => {
  it("reads event, id and data fields; a blank line dispatches", async () => {
    const messages = await collect(['event: payment_intent\nid: pi_1:a\ndata: {"a":1}\n\n']);
    expect(messages).toEqual([{ event: "payment_intent", id: "pi_1:a", data: '{"a":1}' }]);
  });

  it("reassembles messages split anywhere across chunks, multi-byte characters included", async () => {
    const text = "event: x\ndata: héllo wörld ✓\n\ndata: two\n\n";
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const b of bytes) c.enqueue(new Uint8Array([b])); // one byte per chunk
        c.close();
      },
    });
    const out = [];
    for await (const m of readSse(stream)) out.push(m);
    expect(out.map((m) => [m.event, m.data])).toEqual([
      ["x", "héllo wörld ✓"],
      ["message", "two"],
    ]);
  });

  it("joins multi-line data with newlines and accepts CRLF, CR and LF line ends", async () => {
    const out = await collect(["data: a\r\ndata: b\rdata: c\n\r\n"]);
    expect(out).toEqual([{ event: "message", data: "a\nb\nc", id: "" }]);
  });

  it("ignores comments (keep-alives) and fields it does not know; strips one leading space only", () => {
    const parser = new SseParser();
    expect(parser.push(": keep-alive\n\nretry: 10\nfoo: bar\ndata:  two spaces\n\n")).toEqual([
      { event: "message", data: " two spaces", id: "" },
    ]);
  });

  it("a CR at the end of a chunk waits for a possible LF instead of ending the message twice", () => {
    const parser = new SseParser();
    expect(parser.push("data: x\r")).toEqual([]);
    expect(parser.push("\n\r\n")).toEqual([{ event: "message", data: "x", id: "" }]);
  });

  it("drops an unterminated message at the end of the stream", async () => {
    expect(await collect(["data: complete\n\n", "data: half"])).toEqual([
      { event: "message", data: "complete", id: "" },
    ]);
  });

  it("an event without data dispatches nothing and its type does not leak into the next", () => {
    const parser = new SseParser();
    expect(parser.push("event: lonely\n\ndata: next\n\n")).toEqual([
      { event: "message", data: "next", id: "" },
    ]);
  });

  it("keeps an unfinished event for the next chunk; the last id stays with later events (Last-Event-ID)", () => {
    const parser = new SseParser();
    expect(
      parser.push(
        ': keep-alive\n\nid: evt_1\nevent: payment_intent.created\ndata: {"a":1}\n\nid: evt_2\ndata: par',
      ),
    ).toEqual([{ event: "payment_intent.created", data: '{"a":1}', id: "evt_1" }]);
    expect(parser.push("t\n\ndata: no id\n\n")).toEqual([
      { event: "message", data: "part", id: "evt_2" },
      { event: "message", data: "no id", id: "evt_2" },
    ]);
  });
});
