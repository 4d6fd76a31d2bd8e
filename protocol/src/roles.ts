/**
 * Who may do what in an organization: the one table of roles and their rights. The server checks
 * every signed-in request against it, the dashboard hides what a role cannot do, and the docs page
 * on team roles is rendered from it, so the three never disagree.
 *
 * API keys are not members and have no role: a key acts by its own type and scopes.
 */
export const ROLES = ["owner", "admin", "developer", "support"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including deleting the organization and transferring ownership",
  admin: "Everything but deleting the organization and granting or removing ownership",
  developer: "Builds the integration: catalogue, payments, refunds and x402; reads keys and webhooks",
  support: "Read-only: payments, customers and refunds, to answer customers",
};

/**
 * Each right, the roles that hold it, and what it covers in words a merchant reads. Sensitive
 * rights (payout wallet, API keys, webhooks, members, deletion) belong to owners and admins only.
 */
export const PERMISSIONS = {
  "workspace.read": {
    roles: ["owner", "admin", "developer", "support"],
    covers: "See the organization, its workspaces, environments and onboarding",
  },
  "payments.read": {
    roles: ["owner", "admin", "developer", "support"],
    covers: "See payments, intents, events, customers, refunds, products, links, mail and analytics",
  },
  "members.read": {
    roles: ["owner", "admin", "developer", "support"],
    covers: "See the members and pending invitations",
  },
  "payments.write": {
    roles: ["owner", "admin", "developer"],
    covers: "Create and cancel payment intents, record fulfillment, retry mail",
  },
  "catalogue.write": {
    roles: ["owner", "admin", "developer"],
    covers: "Create, change and delete products, their images and payment links",
  },
  "refunds.write": {
    roles: ["owner", "admin", "developer"],
    covers: "Create and cancel refunds",
  },
  "x402.write": {
    roles: ["owner", "admin", "developer"],
    covers: "Use the x402 facilitator: requirements, verify, settle",
  },
  "developers.read": {
    roles: ["owner", "admin", "developer"],
    covers: "See API keys (secret keys masked), webhook endpoints, their deliveries and the event log",
  },
  "api_keys.write": {
    roles: ["owner", "admin"],
    covers: "Create, roll, disable and revoke API keys",
  },
  "webhooks.write": {
    roles: ["owner", "admin"],
    covers: "Create, change and delete webhook endpoints, rotate their secrets, redeliver events",
  },
  "settings.write": {
    roles: ["owner", "admin"],
    covers: "Change the business profile, environments, notifications and workspaces",
  },
  "payout_wallet.write": {
    roles: ["owner", "admin"],
    covers: "Set the payout wallet that receives every payment",
  },
  "transfers.assign": {
    roles: ["owner", "admin"],
    covers: "Assign a transfer that named no payment to a payment intent",
  },
  "members.write": {
    roles: ["owner", "admin"],
    covers: "Invite members, change roles below owner, remove members",
  },
  "audit_log.read": {
    roles: ["owner", "admin"],
    covers: "Read the audit log",
  },
  "exports.create": {
    roles: ["owner", "admin"],
    covers:
      "Export the workspace's payments, refunds, customers, events and audit log, and download the exports",
  },
  "ownership.write": {
    roles: ["owner"],
    covers: "Grant or remove the owner role and transfer ownership",
  },
  "organization.delete": {
    roles: ["owner"],
    covers: "Delete the organization or one of its workspaces",
  },
} as const satisfies Record<string, { roles: readonly Role[]; covers: string }>;
export type Permission = keyof typeof PERMISSIONS;

export function roleCan(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
