/**
 * Reads every x402 challenge a 402 answer carries. An sPay paywall sends v2 in the
 * `PAYMENT-REQUIRED` header and may put SPEC.md's `x402_requirements` in the body beside it, so
 * an agent that prefers the SPEC.md form can still find it.
 */
import { readChallenge, X402_HEADERS, type X402Challenge, X402Error } from "@spay/protocol/x402";
import { X402PaymentError } from "./errors.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

async function bodyJson(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function challengesIn(header: string | null, body: unknown): X402Challenge[] {
  const found: X402Challenge[] = [];
  if (header) found.push(readChallenge(header, body));
  if (isObject(body) && (body.x402Version === 1 || (body.x402Version === 2 && !header)))
    found.push(readChallenge(null, body));
  if (isObject(body) && isObject(body.x402_requirements))
    found.push(readChallenge(null, { x402_requirements: body.x402_requirements, error: body.error }));
  return found;
}

/**
 * The challenges of a 402 answer (the response itself stays unread): none when it carries no
 * x402 requirements; an `invalid_challenge` error when it carries malformed ones.
 */
export async function readPaymentRequired(response: Response): Promise<X402Challenge[]> {
  const header = response.headers.get(X402_HEADERS.paymentRequired);
  const body = await bodyJson(response);
  try {
    return challengesIn(header, body);
  } catch (err) {
    if (err instanceof X402Error)
      throw new X402PaymentError("invalid_challenge", `unreadable 402 answer: ${err.message}`, {
        reason: err.reason,
        cause: err,
      });
    throw err;
  }
}

/** The server's reason for refusing a payment, from a 402 answer to the paid retry. */
export async function rejectionReason(response: Response): Promise<string> {
  try {
    const challenges = await readPaymentRequired(response);
    const error = challenges.find((c) => c.error)?.error;
    if (error) return error;
  } catch {
    // An unreadable second 402 still is a refusal; its reason is just unknown.
  }
  return "payment_rejected";
}
