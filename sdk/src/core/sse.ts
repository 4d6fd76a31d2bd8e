/** One server-sent event (the WHATWG "event stream" format). */
export interface SseMessage {
  /** The `event:` field, `message` when absent. */
  event: string;
  /** The `data:` lines joined with newlines. */
  data: string;
  /** The last `id:` seen on the stream. */
  id: string;
}

/**
 * Reads a `text/event-stream` body. EventSource cannot send an `Authorization` header, so the SDK
 * reads the stream with fetch and parses it here. Stops reading (and releases the connection) when
 * the consumer stops iterating.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const messages = done
        ? parser.push(`${decoder.decode()}\n`, true)
        : parser.push(decoder.decode(value, { stream: true }));
      yield* messages;
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Incremental line parser: feed text chunks, get complete messages back. */
export class SseParser {
  #buffer = "";
  #event = "";
  #data: string[] = [];
  #lastId = "";

  /** Parses a chunk; `end` flushes a final line without a terminator (never a half message). */
  push(chunk: string, end = false): SseMessage[] {
    this.#buffer += chunk;
    const out: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.#buffer);
      if (!match) break;
      // A lone \r at the end of a chunk may be the first half of \r\n: wait for more.
      if (match[0] === "\r" && match.index === this.#buffer.length - 1 && !end) break;
      const line = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      const message = this.#line(line);
      if (message) out.push(message);
    }
    return out;
  }

  #line(line: string): SseMessage | null {
    if (line === "") {
      if (this.#data.length === 0) {
        this.#event = "";
        return null;
      }
      const message = { event: this.#event || "message", data: this.#data.join("\n"), id: this.#lastId };
      this.#event = "";
      this.#data = [];
      return message;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.#event = value;
    else if (field === "data") this.#data.push(value);
    else if (field === "id" && !value.includes("\0")) this.#lastId = value;
    return null;
  }
}
