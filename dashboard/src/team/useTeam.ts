import type { Role } from "@spay/protocol";
import { SPayError } from "@spay/sdk";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fieldErrorOf } from "../api/field-errors.ts";
import {
  changeMemberRole,
  createInvitation,
  listInvitations,
  listMembers,
  removeMember,
  revokeInvitation,
  transferOwnership,
} from "../api/members.ts";
import type { Invitation, Member } from "../api/types.ts";
import { merchantKeys } from "../state/merchant-queries.ts";

/**
 * An organization's members and invitations belong to the organization, not to one of its
 * workspaces: their keys start with it, so switching organization never shows another one's team
 * (signing out clears the whole cache).
 */
export const teamKeys = {
  members: (organizationId: string) => ["organization", organizationId, "members"] as const,
  invitations: (organizationId: string) => ["organization", organizationId, "invitations"] as const,
};

/** Refusals whose server text is written for the person acting (the team's rules, not validation). */
const TEAM_CODES = new Set([
  "last_owner",
  "already_member",
  "invitation_pending",
  "role_forbidden",
  "invitation_invalid",
  "invitation_email_mismatch",
]);

/**
 * A failed team call in words: the server's own sentence for the team's rules (it may say more than
 * the catalogue, e.g. that only an owner may invite an owner), else the plain-words form of the rest.
 */
export function teamErrorText(err: unknown): string {
  if (err instanceof SPayError && TEAM_CODES.has(err.code) && err.message) return err.message;
  return fieldErrorOf(err).message;
}

export interface TeamScope {
  token: string;
  organizationId: string;
}

export function useMembers(scope: TeamScope | null) {
  return useQuery({
    queryKey: teamKeys.members(scope?.organizationId ?? ""),
    queryFn: scope ? () => listMembers(scope.token, scope.organizationId) : skipToken,
  });
}

export function useInvitations(scope: TeamScope | null) {
  return useQuery({
    queryKey: teamKeys.invitations(scope?.organizationId ?? ""),
    queryFn: scope ? () => listInvitations(scope.token, scope.organizationId) : skipToken,
  });
}

/**
 * The team's writes: each puts the server's answer into the cached lists at once. A change to the
 * signed-in member's own role (a transfer of ownership) also refetches the organizations, where the
 * dashboard reads that role.
 */
export function useTeamMutations(scope: TeamScope | null) {
  const client = useQueryClient();
  const organizationId = scope?.organizationId ?? "";
  const need = () => {
    if (!scope) throw new Error("no organization");
    return scope;
  };
  const setMembers = (update: (list: Member[]) => Member[]) =>
    client.setQueryData<Member[]>(teamKeys.members(organizationId), (list) => (list ? update(list) : list));
  const setInvitations = (update: (list: Invitation[]) => Invitation[]) =>
    client.setQueryData<Invitation[]>(teamKeys.invitations(organizationId), (list) =>
      list ? update(list) : list,
    );

  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => {
      const s = need();
      return changeMemberRole(s.token, s.organizationId, userId, role);
    },
    onSuccess: (member) => setMembers((list) => list.map((m) => (m.user.id === member.user.id ? member : m))),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => {
      const s = need();
      return removeMember(s.token, s.organizationId, userId);
    },
    onSuccess: (_answer, userId) => {
      setMembers((list) => list.filter((m) => m.user.id !== userId));
      // The organization's member count.
      void client.invalidateQueries({ queryKey: merchantKeys.tenancy() });
    },
  });
  const transfer = useMutation({
    mutationFn: (userId: string) => {
      const s = need();
      return transferOwnership(s.token, s.organizationId, userId);
    },
    onSuccess: async (members) => {
      client.setQueryData<Member[]>(teamKeys.members(organizationId), members);
      await client.invalidateQueries({ queryKey: merchantKeys.tenancy() });
    },
  });
  const invite = useMutation({
    mutationFn: (input: { email: string; role: Role }) => {
      const s = need();
      return createInvitation(s.token, s.organizationId, input);
    },
    // An expired invitation to the same address gave way to the new one on the server.
    onSuccess: (invitation) =>
      setInvitations((list) => [invitation, ...list.filter((i) => i.email !== invitation.email)]),
  });
  const revoke = useMutation({
    mutationFn: (invitationId: string) => {
      const s = need();
      return revokeInvitation(s.token, s.organizationId, invitationId);
    },
    onSuccess: (revoked) => setInvitations((list) => list.filter((i) => i.id !== revoked.id)),
  });
  return { changeRole, remove, transfer, invite, revoke };
}
