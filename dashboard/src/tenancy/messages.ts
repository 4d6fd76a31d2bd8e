/** The texts of organizations, workspaces and environments (SPEC.md quoted texts kept exactly); shared texts are in ../messages.ts. */
import { ERRORS, type Role } from "@spay/protocol";

export const CREATION_ERRORS = {
  orgSlugTaken: "Organization slug is already taken. Please choose a different one.",
  workspaceSlugTaken:
    "Workspace slug is already taken within this organization. Please choose a different one.",
  orgFailed: (detail: string) => `Failed to create organization: ${detail}`,
  workspaceFailed: (detail: string) => `Failed to create workspace: ${detail}`,
  bothFailed: "Failed to create organization and workspace. Please try again.",
} as const;

export const ENVIRONMENTS = {
  switcherLabel: "Environment",
  sandbox: "Sandbox",
  production: "Production",
  loading: "Loading environments...",
  tryAgain: "Try again",
  none: "No environments yet.",
  createOne: "Create one",
  create: "Create Environment",
  manage: "Manage Environments",
  managerTitle: "Manage Environments",
  empty: "No environments found",
  createFirst: "Create First Environment",
  current: "Current",
  rename: "Rename",
  delete: "Delete",
  cannotDeleteLast: "Cannot delete last environment",
  renameTitle: "Rename Environment",
  newName: "New Name",
  cancel: "Cancel",
  save: "Save",
  deleteTitle: "Delete Environment",
  deleteConfirm: (name: string) =>
    `Delete the environment "${name}"? All its data (products, payments, payment intents) is permanently deleted.`,
  createTitle: "Create Environment",
  name: "Name",
  type: "Type",
  creating: "Creating...",
  nameRequired: "Environment name is required",
  nameTooLong: "Environment name must be at most 50 characters",
  created: (date: string) => `Created ${date}`,
  /** SPEC.md §8 "Environment codes": the API's own texts. */
  codes: Object.fromEntries(
    (
      [
        "environment_name_exists",
        "merchant_principal_required",
        "bad_request",
        "environment_not_found",
        "cannot_delete_last_environment",
      ] as const
    ).map((code) => [code, ERRORS[code].message]),
  ) as Record<string, string>,
  createFailed: (code: string) => `Failed to create environment: ${code}`,
  operationFailed: (code: string) => `Operation failed: ${code}`,
} as const;

export const TENANCY = {
  organizationLabel: "Organization",
  workspaceLabel: "Workspace",
  members: (n: number) => `${n} ${n === 1 ? "member" : "members"}`,
  workspaces: (n: number) => `${n} ${n === 1 ? "workspace" : "workspaces"}`,
  createOrganization: "Create New Organization",
  createWorkspace: "Create New Workspace",
  createWorkspaceShort: "Create workspace",
  noWorkspace: "No workspace",
  noWorkspaceYet: "This organization has no workspace yet: create one to get its environments.",
  searchWorkspaces: "Search workspaces...",
  unknownOrganization: "Unknown Organization",
  noWorkspaces: "No workspaces match",
  name: "Name",
  slug: "Slug",
  create: "Create",
  cancel: "Cancel",
} as const;

const ROLE_NAMES: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  developer: "Developer",
  support: "Support",
};

/** A role as a sentence names it ("Only an owner or an admin can …"). */
const ROLE_WITH_ARTICLE: Record<Role, string> = {
  owner: "an owner",
  admin: "an admin",
  developer: "a developer",
  support: "a support member",
};

/** Role names and why a role lacks a control; the rights themselves are @spay/protocol's table. */
export const ROLE_TEXT = {
  label: "Role",
  names: ROLE_NAMES,
  withArticle: ROLE_WITH_ARTICLE,
  yourRole: (name: string) => `Your role is ${name}.`,
  only: (holders: string[], covers: string) => {
    const who = holders.length > 1 ? `${holders.slice(0, -1).join(", ")} or ${holders.at(-1)}` : holders[0];
    return `Only ${who ?? ""} can ${covers}.`;
  },
} as const;
