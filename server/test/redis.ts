/** The Redis the server's tests use (CI runs one on 127.0.0.1:6379; a laptop may not). */
import { connect } from "node:net";

export const TEST_REDIS_URL = process.env.SPAY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether something answers on the Redis port of `url`. */
export function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}
