import type { Db } from "../../db/database.ts";
import type { AccountMailRow } from "../../db/schema.ts";
import { newId, nowSeconds } from "../../domain/ids.ts";
import type { SecretBox } from "../../domain/secret-box.ts";
import { announceOnCommit } from "../write-transaction.ts";
import type { RenderedMail } from "./render.ts";

/** A mail about a person's account, rendered when it is queued. */
export interface AccountMail {
  kind: AccountMailRow["kind"];
  recipient: string;
  userId?: string | null;
  organizationId?: string | null;
  mail: RenderedMail;
}

/**
 * Queues an account mail in the caller's transaction, so it is sent only if the change it tells of
 * commits. The body is sealed: an invitation's body holds the token that lets its reader join, and
 * the outbox must not be a second place to read it from.
 */
export async function queueAccountMail(trx: Db, secrets: SecretBox, input: AccountMail): Promise<string> {
  const now = nowSeconds();
  const id = newId("mail");
  await trx
    .insertInto("account_mail")
    .values({
      id,
      kind: input.kind,
      recipient: input.recipient,
      user_id: input.userId ?? null,
      organization_id: input.organizationId ?? null,
      subject: input.mail.subject,
      sealed_body: secrets.seal(JSON.stringify({ text: input.mail.text, html: input.mail.html })),
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      from_address: null,
      message_id: null,
      created_at: now,
      updated_at: now,
      sent_at: null,
    })
    .execute();
  announceOnCommit(trx, { kind: "account_mail" });
  return id;
}

/** The mail as it was queued, opened for sending; null if the seal does not open (a rotated key). */
export function openAccountMail(
  secrets: SecretBox,
  row: { subject: string; sealed_body: string },
): RenderedMail | null {
  try {
    const body = JSON.parse(secrets.open(row.sealed_body)) as { text: string; html: string };
    return { subject: row.subject, text: body.text, html: body.html };
  } catch {
    return null;
  }
}
