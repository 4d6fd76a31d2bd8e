import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** What a local SMTP server received, and how to stop it. */
export interface Smtp {
  url: string;
  received: ParsedMail[];
  connections: number;
  close(): Promise<void>;
}

/** A real SMTP server; `handlers` may refuse or hold a session to test the worker's retries. */
export async function startSmtp(handlers: Partial<SMTPServerOptions> = {}): Promise<Smtp> {
  const state: Smtp = { url: "", received: [], connections: 0, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(session, callback) {
      state.connections++;
      if (handlers.onConnect) handlers.onConnect(session, callback);
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          state.received.push(mail);
          if (handlers.onData) handlers.onData(stream, session, callback);
          else callback();
        })
        .catch(callback);
    },
    ...(handlers.onRcptTo ? { onRcptTo: handlers.onRcptTo } : {}),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
