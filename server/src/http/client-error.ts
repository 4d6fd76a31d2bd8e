import { Server } from "node:http";
import type { Duplex } from "node:stream";
import type { ServerType } from "@hono/node-server";
import type { ErrorCode } from "@spay/protocol";
import { ApiError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";

/** Node's parser errors that mean "the request line and headers exceed --max-http-header-size". */
const TOO_LARGE = new Set(["HPE_HEADER_OVERFLOW", "HPE_URI_TOO_LONG"]);

/**
 * Node's HTTP parser refuses some requests before the app sees them — a URL or query string past
 * the header size limit, a malformed request line — and by default answers with a bare status line
 * (an empty 431 or 400). This answers them with the API's error object instead, then closes the
 * connection: the parser cannot resynchronise after a request it could not read.
 */
export function answerClientErrors(server: ServerType): void {
  // HTTP/2 servers report protocol errors per stream; only HTTP/1 has this bare answer.
  if (!(server instanceof Server)) return;
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      // Node's own answer; the client sent nothing worth a body.
      socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
      return;
    }
    const code: ErrorCode = TOO_LARGE.has(err.code ?? "") ? "request_too_large" : "malformed_request";
    socket.end(rawErrorResponse(new ApiError(code)));
  });
}

const REASONS: Record<number, string> = { 400: "Bad Request", 431: "Request Header Fields Too Large" };

/** A complete HTTP/1.1 response carrying `{error: {type, code, message, request_id}}`. */
export function rawErrorResponse(error: ApiError): string {
  const requestId = newId("request");
  const body = JSON.stringify({
    error: { type: error.type, code: error.code, message: error.message, request_id: requestId },
  });
  return [
    `HTTP/1.1 ${error.status} ${REASONS[error.status] ?? "Error"}`,
    "Content-Type: application/json; charset=UTF-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}
