import { randomUUID } from "node:crypto";
import type autocannon from "autocannon";

/**
 * The intent-creation load both throughput benches send: `POST /v1/payment_intents` with a secret
 * key, the same body, and a fresh Idempotency-Key on every request.
 */
export function intentLoad(url: string, sk: string, connections: number) {
  return {
    url: `${url}/v1/payment_intents`,
    method: "POST" as const,
    headers: { authorization: `Bearer ${sk}`, "content-type": "application/json" },
    body: JSON.stringify({
      amount_minor: 1999,
      customer_email: "buyer@example.com",
      metadata: { order: "bench" },
    }),
    connections,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: { ...req.headers, "idempotency-key": randomUUID() },
        }),
      },
    ],
  };
}
