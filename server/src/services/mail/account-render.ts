import { ROLE_DESCRIPTIONS, type Role } from "@spay/protocol";
import { ACCOUNT_MAIL_MESSAGES as M } from "./messages.ts";
import { escapeHtml, oneLine, type RenderedMail } from "./render.ts";

/** An account mail: a few paragraphs and one action, in text and HTML. */
export function renderAccountMail(
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string } | null,
): RenderedMail {
  const text = [
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    M.accountFooter,
    "",
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;color:#111">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : []),
    `<p style="color:#666;font-size:12px">${escapeHtml(M.accountFooter)}</p>`,
    "</body></html>",
    "",
  ].join("\n");
  return { subject, text, html };
}

export function renderInvitation(input: {
  organization: string;
  inviter: string;
  role: Role;
  url: string;
  expiresAt: number;
}): RenderedMail {
  const organization = oneLine(input.organization);
  const expires = new Date(input.expiresAt * 1000).toISOString().slice(0, 16).replace("T", " ");
  return renderAccountMail(
    M.invitationSubject(organization),
    [
      M.invitationIntro(oneLine(input.inviter), organization, input.role),
      ROLE_DESCRIPTIONS[input.role],
      M.invitationExpiry(expires),
      M.invitationIgnore,
    ],
    { label: M.invitationAction, url: input.url },
  );
}

export function renderMemberJoined(input: {
  member: string;
  organization: string;
  role: Role;
}): RenderedMail {
  const organization = oneLine(input.organization);
  return renderAccountMail(
    M.memberJoinedSubject(organization),
    [M.memberJoinedIntro(oneLine(input.member), organization, input.role), M.memberJoinedReview],
    null,
  );
}
