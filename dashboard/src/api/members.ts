import type { Role } from "@spay/protocol";
import { apiRequest } from "./http.ts";
import type { Invitation, InvitationPreview, InvitedSessionGrant, Member } from "./types.ts";

/**
 * An organization's team (server routes/members.ts): members and their roles, and invitations by
 * email. Every call but the invitation link's preview and registration needs the session; the
 * server checks the caller's role on each.
 */
const orgPath = (organizationId: string) => `/v1/organizations/${encodeURIComponent(organizationId)}`;

export async function listMembers(token: string, organizationId: string): Promise<Member[]> {
  return (await apiRequest<{ data: Member[] }>(`${orgPath(organizationId)}/members`, { token })).data;
}

/** Only an owner grants or takes away the owner role; the last owner keeps it (409 `last_owner`). */
export function changeMemberRole(
  token: string,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<Member> {
  return apiRequest(`${orgPath(organizationId)}/members/${encodeURIComponent(userId)}`, {
    method: "PATCH",
    token,
    body: { role },
  });
}

/** Removes a member, or leaves with one's own user id; the member's sessions end everywhere at once. */
export function removeMember(token: string, organizationId: string, userId: string): Promise<unknown> {
  return apiRequest(`${orgPath(organizationId)}/members/${encodeURIComponent(userId)}`, {
    method: "DELETE",
    token,
  });
}

/** Makes another member the owner and the caller an admin; the members as they now are. */
export async function transferOwnership(
  token: string,
  organizationId: string,
  userId: string,
): Promise<Member[]> {
  const path = `${orgPath(organizationId)}/transfer_ownership`;
  return (await apiRequest<{ data: Member[] }>(path, { method: "POST", token, body: { user_id: userId } }))
    .data;
}

/** Pending and expired invitations, newest first. */
export async function listInvitations(token: string, organizationId: string): Promise<Invitation[]> {
  return (await apiRequest<{ data: Invitation[] }>(`${orgPath(organizationId)}/invitations`, { token })).data;
}

/** Invites an address with a role; the server mails the link (409 `already_member`, `invitation_pending`). */
export function createInvitation(
  token: string,
  organizationId: string,
  input: { email: string; role: Role },
): Promise<Invitation> {
  return apiRequest(`${orgPath(organizationId)}/invitations`, { method: "POST", token, body: input });
}

/** Revokes a pending invitation: its link stops working. */
export function revokeInvitation(
  token: string,
  organizationId: string,
  invitationId: string,
): Promise<Invitation> {
  return apiRequest(`${orgPath(organizationId)}/invitations/${encodeURIComponent(invitationId)}`, {
    method: "DELETE",
    token,
  });
}

/** What the link offers; no session (404 `invitation_invalid` when unknown, expired, revoked or used). */
export function previewInvitation(invitationToken: string): Promise<InvitationPreview> {
  return apiRequest("/v1/invitations/preview", { method: "POST", body: { token: invitationToken } });
}

/** The signed-in account joins (403 `invitation_email_mismatch` unless its email is the invited one). */
export function acceptInvitation(
  token: string,
  invitationToken: string,
): Promise<{ organization_id: string }> {
  return apiRequest("/v1/invitations/accept", { method: "POST", token, body: { token: invitationToken } });
}

/** Creates the account with the invited email and joins: a session, as signing in gives. */
export function registerWithInvitation(input: {
  token: string;
  password: string;
  name?: string;
}): Promise<InvitedSessionGrant> {
  return apiRequest("/v1/invitations/register", { method: "POST", body: input });
}
