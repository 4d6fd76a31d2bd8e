import { ApiError } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import { normalizeEmail } from "./auth.ts";
import { isUniqueViolation } from "./db-errors.ts";

/** The landing page's public counter: sandbox payment intents created in the last `days` days. */
export async function countTestPayments(
  deps: Deps,
  days: number,
): Promise<{ test_payments: number; days: number; since: number }> {
  const since = nowSeconds() - days * 86_400;
  const { count } = await deps.db
    .selectFrom("payment_intents")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("env", "=", "test")
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return { test_payments: Number(count), days, since };
}

export async function signUpForUpdates(
  deps: Deps,
  input: { email: string; source: string },
): Promise<{ id: string; email: string; source: string; created_at: number }> {
  const row = {
    id: newId("emailSignup"),
    email: normalizeEmail(input.email),
    source: input.source,
    created_at: nowSeconds(),
  };
  try {
    await deps.db.insertInto("email_signups").values(row).execute();
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError("email_already_exists", {
        message: "This email is already signed up for updates",
        param: "email",
      });
    }
    throw err;
  }
  return row;
}
