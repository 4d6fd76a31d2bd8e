import { ROLE_DESCRIPTIONS, ROLES, type Role } from "@spay/protocol";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "../api/http.ts";
import type { Invitation, Member, Organization } from "../api/types.ts";
import { EmailText } from "../customers/EmailText.tsx";
import { RequireTwoFactorSetting } from "../security/RequireTwoFactorSetting.tsx";
import { useMerchant } from "../state/merchant.tsx";
import { useSession } from "../state/session.tsx";
import { ROLE_TEXT } from "../tenancy/messages.ts";
import { RoleNote, useRole } from "../tenancy/role.tsx";
import { grantableRoles, roleAllows } from "../tenancy/role-rules.ts";
import { formatDate } from "../ui/format.ts";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { InviteMemberModal } from "./InviteMemberModal.tsx";
import { TEAM } from "./messages.ts";
import { type TeamScope, teamErrorText, useInvitations, useMembers, useTeamMutations } from "./useTeam.ts";

/** /team: the current organization's members and invitations, and what the role may change of them. */
export function TeamPage() {
  const { token, user } = useSession();
  const { state, loading } = useMerchant();
  const organization = state.organizations.find((o) => o.id === state.currentOrganizationId);
  const scope = useMemo(
    () => (token && organization ? { token, organizationId: organization.id } : null),
    [token, organization],
  );
  if (!scope || !organization)
    return (
      <div className="page">
        <h1>{TEAM.title}</h1>
        {loading ? <Loading /> : <ErrorNotice message={TEAM.noOrganization} />}
      </div>
    );
  return <TeamView scope={scope} organization={organization} userId={user?.id ?? ""} />;
}

type Dialog =
  | { kind: "invite" }
  | { kind: "remove"; member: Member }
  | { kind: "leave"; member: Member }
  | { kind: "transfer"; member: Member };

export function TeamView({
  scope,
  organization,
  userId,
}: {
  scope: TeamScope;
  organization: Organization;
  userId: string;
}) {
  const role = useRole();
  const members = useMembers(scope);
  const invitations = useInvitations(scope);
  const writes = useTeamMutations(scope);
  const { clear } = useSession();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const manages = roleAllows(role, "members.write");
  const grantable = grantableRoles(role);
  const list = members.data ?? [];
  const pending = invitations.data ?? [];

  const open = (next: Dialog) => {
    setDialogError(null);
    setNews(null);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const confirm = async () => {
    if (!dialog || dialog.kind === "invite") return;
    const { member } = dialog;
    setDialogError(null);
    try {
      if (dialog.kind === "leave") {
        await writes.remove.mutateAsync(member.user.id);
        // The server ended this account's sessions everywhere: forget the one here too.
        clear();
        navigate("/", { replace: true });
        return;
      }
      if (dialog.kind === "remove") {
        await writes.remove.mutateAsync(member.user.id);
        setNews(TEAM.removed(member.user.name));
      } else {
        await writes.transfer.mutateAsync(member.user.id);
        setNews(TEAM.transferred(member.user.name));
      }
      close();
    } catch (err) {
      const reason = teamErrorText(err);
      setDialogError(
        dialog.kind === "leave"
          ? TEAM.leaveFailed(reason)
          : dialog.kind === "remove"
            ? TEAM.removeFailed(reason)
            : TEAM.transferFailed(reason),
      );
    }
  };

  const revoke = (invitation: Invitation) => {
    setRowError(null);
    setNews(null);
    writes.revoke.mutate(invitation.id, {
      onSuccess: () => setNews(TEAM.revoked(invitation.email)),
      onError: (err) => setRowError(TEAM.revokeFailed(teamErrorText(err))),
    });
  };

  const onlyYou = members.data !== undefined && list.length <= 1 && pending.length === 0;

  return (
    <div className="page team-page">
      <div className="row row-between">
        <h1>{TEAM.title}</h1>
        {manages ? (
          <button type="button" className="button button-primary" onClick={() => open({ kind: "invite" })}>
            {TEAM.invite}
          </button>
        ) : null}
      </div>
      <p className="muted team-intro">{TEAM.intro(organization.name)}</p>
      <RoleNote permission="members.write" />
      <p role="status" className="success-text" data-testid="team-news">
        {news}
      </p>

      <section className="card" aria-labelledby="team-members-title" aria-busy={members.isFetching}>
        <h2 id="team-members-title">{TEAM.members}</h2>
        <p role="alert" className="error-text">
          {rowError}
        </p>
        {members.error ? (
          <ErrorNotice
            message={TEAM.membersFailed(errorMessage(members.error))}
            onRetry={() => void members.refetch()}
          />
        ) : null}
        {members.isPending && !members.error ? <Loading label={TEAM.loadingMembers} /> : null}
        {list.length > 0 ? (
          <div className="table-scroll">
            <table className="table-cards team-table team-members" data-testid="members-table">
              <caption className="visually-hidden">{TEAM.members}</caption>
              <thead>
                <tr>
                  <th scope="col">{TEAM.columns.name}</th>
                  <th scope="col">{TEAM.columns.email}</th>
                  <th scope="col">{TEAM.columns.role}</th>
                  <th scope="col">{TEAM.columns.joined}</th>
                  <th scope="col">{TEAM.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((m) => (
                  <MemberRow
                    key={m.user.id}
                    member={m}
                    me={m.user.id === userId}
                    role={role}
                    grantable={grantable}
                    scope={scope}
                    onError={setRowError}
                    onNews={setNews}
                    onRemove={() => open({ kind: "remove", member: m })}
                    onLeave={() => open({ kind: "leave", member: m })}
                    onTransfer={() => open({ kind: "transfer", member: m })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {onlyYou ? (
          <div className="empty" data-testid="team-empty">
            <p>{TEAM.onlyYou}</p>
            {manages ? <p className="muted">{TEAM.onlyYouHint}</p> : null}
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="team-invitations-title" aria-busy={invitations.isFetching}>
        <h2 id="team-invitations-title">{TEAM.invitations}</h2>
        {invitations.error ? (
          <ErrorNotice
            message={TEAM.invitationsFailed(errorMessage(invitations.error))}
            onRetry={() => void invitations.refetch()}
          />
        ) : null}
        {invitations.isPending && !invitations.error ? <Loading label={TEAM.loadingInvitations} /> : null}
        {invitations.data && pending.length === 0 ? <p className="muted">{TEAM.noInvitations}</p> : null}
        {pending.length > 0 ? (
          <div className="table-scroll">
            <table className="table-cards team-table team-invitations" data-testid="invitations-table">
              <caption className="visually-hidden">{TEAM.invitations}</caption>
              <thead>
                <tr>
                  <th scope="col">{TEAM.columns.email}</th>
                  <th scope="col">{TEAM.columns.role}</th>
                  <th scope="col">{TEAM.columns.status}</th>
                  <th scope="col">{TEAM.columns.expires}</th>
                  {manages ? <th scope="col">{TEAM.columns.actions}</th> : null}
                </tr>
              </thead>
              <tbody>
                {pending.map((i) => (
                  <tr key={i.id} data-testid={`invitation-${i.id}`}>
                    <td data-label={TEAM.columns.email}>
                      <EmailText email={i.email} />
                    </td>
                    <td data-label={TEAM.columns.role}>
                      <RoleBadge role={i.role} />
                    </td>
                    <td data-label={TEAM.columns.status}>
                      <span className={`badge ${i.status === "pending" ? "badge-warning" : "badge-danger"}`}>
                        {TEAM.invitationStatus[i.status]}
                      </span>
                    </td>
                    <td data-label={TEAM.columns.expires}>{formatDate(i.expires_at)}</td>
                    {manages ? (
                      <td data-label={TEAM.columns.actions}>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={TEAM.revokeOf(i.email)}
                          disabled={writes.revoke.isPending && writes.revoke.variables === i.id}
                          onClick={() => revoke(i)}
                        >
                          {TEAM.revoke}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <RequireTwoFactorSetting organization={organization} />

      <section className="card" aria-labelledby="team-roles-title">
        <h2 id="team-roles-title">{TEAM.rolesTitle}</h2>
        <p className="muted">{TEAM.rolesIntro}</p>
        <dl className="details">
          {ROLES.map((r) => (
            <div key={r} className="field-row">
              <dt>{ROLE_TEXT.names[r]}</dt>
              <dd>{ROLE_DESCRIPTIONS[r]}</dd>
            </div>
          ))}
        </dl>
      </section>

      {dialog?.kind === "invite" ? (
        <InviteMemberModal
          roles={grantable}
          invite={(input) => writes.invite.mutateAsync(input)}
          onClose={close}
          onInvited={(invitation) => {
            close();
            setNews(TEAM.invited(invitation.email));
          }}
        />
      ) : null}
      {dialog && dialog.kind !== "invite" ? (
        <ConfirmDialog
          title={
            dialog.kind === "leave"
              ? TEAM.leaveTitle
              : dialog.kind === "remove"
                ? TEAM.removeTitle
                : TEAM.transferTitle
          }
          message={
            dialog.kind === "leave"
              ? TEAM.leaveConfirm(organization.name)
              : dialog.kind === "remove"
                ? TEAM.removeConfirm(dialog.member.user.name, organization.name)
                : TEAM.transferConfirm(dialog.member.user.name, organization.name)
          }
          confirm={
            dialog.kind === "leave" ? TEAM.leave : dialog.kind === "remove" ? TEAM.remove : TEAM.transfer
          }
          busyText={
            dialog.kind === "leave"
              ? TEAM.leaving
              : dialog.kind === "remove"
                ? TEAM.removing
                : TEAM.transferring
          }
          busy={writes.remove.isPending || writes.transfer.isPending}
          error={dialogError}
          onConfirm={() => void confirm()}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

function RoleBadge({ role }: { role: Role }) {
  return <span className={`badge role-badge role-${role}`}>{ROLE_TEXT.names[role]}</span>;
}

/**
 * One member: name, email, role (a choice with Save where the signed-in role may change it: only an
 * owner touches an owner), when they joined, and the actions the role allows — Leave on one's own
 * row, Remove and Transfer ownership on the others.
 */
function MemberRow({
  member,
  me,
  role,
  grantable,
  scope,
  onError,
  onNews,
  onRemove,
  onLeave,
  onTransfer,
}: {
  member: Member;
  me: boolean;
  role: Role | null;
  grantable: Role[];
  scope: TeamScope;
  onError(message: string | null): void;
  onNews(message: string | null): void;
  onRemove(): void;
  onLeave(): void;
  onTransfer(): void;
}) {
  const writes = useTeamMutations(scope);
  // The role being chosen, until saved or put back (null: the member's role as the server has it).
  const [draft, setDraft] = useState<Role | null>(null);
  const chosen = draft ?? member.role;
  const name = member.user.name;
  // An owner is touched by owners only; one's own role changes through Leave or a transfer.
  const touchable = !me && (member.role !== "owner" || roleAllows(role, "ownership.write"));
  const changesRole = touchable && grantable.length > 0;
  const removes = touchable && roleAllows(role, "members.write");
  const transfers = !me && member.role !== "owner" && roleAllows(role, "ownership.write");
  const saving = writes.changeRole.isPending;

  const save = () => {
    onError(null);
    onNews(null);
    writes.changeRole.mutate(
      { userId: member.user.id, role: chosen },
      {
        onSuccess: (saved) => {
          setDraft(null);
          onNews(TEAM.roleChanged(saved.user.name, ROLE_TEXT.names[saved.role]));
        },
        onError: (err) => {
          setDraft(null);
          onError(TEAM.roleFailed(teamErrorText(err)));
        },
      },
    );
  };

  return (
    <tr data-testid={`member-${member.user.id}`}>
      <td data-label={TEAM.columns.name}>
        <span className="team-name" title={name}>
          {name}
        </span>
        {me ? <span className="muted"> {TEAM.you}</span> : null}
      </td>
      <td data-label={TEAM.columns.email}>
        {member.user.email ? (
          <EmailText email={member.user.email} />
        ) : (
          <span className="muted">{TEAM.noEmail}</span>
        )}
      </td>
      <td data-label={TEAM.columns.role}>
        {changesRole ? (
          <div className="row team-role">
            <select
              aria-label={TEAM.roleOf(name)}
              value={chosen}
              disabled={saving}
              onChange={(e) => setDraft(e.target.value as Role)}
            >
              {/* The member's current role stays listed even where it cannot be granted anew. */}
              {ROLES.filter((r) => grantable.includes(r) || r === member.role).map((r) => (
                <option key={r} value={r}>
                  {ROLE_TEXT.names[r]}
                </option>
              ))}
            </select>
            {chosen !== member.role ? (
              <>
                <button
                  type="button"
                  className="button button-small button-primary"
                  aria-label={TEAM.saveRoleOf(name)}
                  disabled={saving}
                  onClick={save}
                >
                  {saving ? TEAM.savingRole : TEAM.saveRole}
                </button>
                <button
                  type="button"
                  className="button button-small"
                  disabled={saving}
                  onClick={() => setDraft(null)}
                >
                  {TEAM.cancel}
                </button>
              </>
            ) : null}
          </div>
        ) : (
          <RoleBadge role={member.role} />
        )}
      </td>
      <td data-label={TEAM.columns.joined}>{formatDate(member.joined_at)}</td>
      <td data-label={TEAM.columns.actions}>
        <div className="row">
          {me ? (
            <button type="button" className="button button-small button-danger" onClick={onLeave}>
              {TEAM.leave}
            </button>
          ) : null}
          {transfers ? (
            <button
              type="button"
              className="button button-small"
              aria-label={TEAM.transferOf(name)}
              onClick={onTransfer}
            >
              {TEAM.transfer}
            </button>
          ) : null}
          {removes ? (
            <button
              type="button"
              className="button button-small button-danger"
              aria-label={TEAM.removeOf(name)}
              onClick={onRemove}
            >
              {TEAM.remove}
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
