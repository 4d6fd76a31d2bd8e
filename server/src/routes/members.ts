import { createRoute, z } from "@hono/zod-openapi";
import { ROLES } from "@spay/protocol";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  DeletedSchema,
  errorResponses,
  IdParam,
  jsonBody,
  jsonResponse,
} from "../http/openapi.ts";
import { requestOrigin } from "../http/origin.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { newRouter } from "../http/router.ts";
import { SessionGrantSchema } from "../http/schemas.ts";
import { requireSession } from "../services/access.ts";
import * as invitations from "../services/invitations.ts";
import * as members from "../services/members.ts";

const Role = z
  .enum(ROLES)
  .openapi({ description: "owner, admin, developer or support (see the roles table)" });
const Email = z.string().trim().max(254).pipe(z.email());
const Token = z
  .string()
  .min(8)
  .max(200)
  .openapi({ description: "The token of the invitation link (after #)" });

const MemberSchema = z
  .object({
    object: z.literal("member"),
    organization_id: z.string(),
    user: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      wallet_address: z.string().nullable(),
    }),
    role: Role,
    joined_at: z.number().int(),
  })
  .openapi("Member");
const MemberListSchema = z
  .object({ object: z.literal("list"), data: z.array(MemberSchema) })
  .openapi("MemberList");
const InvitationSchema = z
  .object({
    id: z.string(),
    object: z.literal("invitation"),
    organization_id: z.string(),
    email: z.string(),
    role: Role,
    status: z.enum(["pending", "accepted", "revoked", "expired"]),
    invited_by: z.string().nullable(),
    created_at: z.number().int(),
    expires_at: z.number().int(),
    accepted_at: z.number().int().nullable(),
  })
  .openapi("Invitation");
const InvitationPreviewSchema = z
  .object({
    object: z.literal("invitation_preview"),
    organization_name: z.string(),
    inviter: z.string(),
    email: z.string(),
    role: Role,
    expires_at: z.number().int(),
    account_exists: z.boolean(),
  })
  .openapi("InvitationPreview");

const MemberParams = z.object({ id: IdParam.shape.id, user_id: z.string().min(1).max(64) });
const InvitationParams = z.object({ id: IdParam.shape.id, invitation_id: z.string().min(1).max(64) });

/** Members of an organization, their roles, and invitations to join it. */
export function memberRoutes(deps: Deps, limits: { signIn: RateLimiter }) {
  const app = newRouter();
  const tags = ["Members"];
  const actor = (c: Context<AppEnv>): members.Actor => {
    const session = requireSession(c);
    // The guard found the role on this very request (target: the organization of `{id}`).
    const role = c.get("member")?.role;
    if (!role) throw new Error("a member route ran without its guard");
    return { userId: session.userId, role, ip: c.get("clientIp") };
  };
  const orgGuard = (permission: Parameters<typeof guard>[1]["permission"]) =>
    guard(deps, { permission, keys: "none", target: "organization" });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/organizations/{id}/members",
      tags,
      summary: "The organization's members and their roles",
      security: bearerSecurity,
      middleware: [orgGuard("members.read")],
      request: { params: IdParam },
      responses: { 200: jsonResponse(MemberListSchema, "Members"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const data = await members.listMembers(deps, c.req.valid("param").id);
      return c.json({ object: "list" as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/organizations/{id}/members/{user_id}",
      tags,
      summary:
        "Change a member's role (only an owner grants or removes the owner role; the last owner stays)",
      security: bearerSecurity,
      middleware: [orgGuard("members.write")],
      request: {
        params: MemberParams,
        body: jsonBody(z.strictObject({ role: Role }).openapi("ChangeRoleRequest")),
      },
      responses: { 200: jsonResponse(MemberSchema, "Member"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const { id, user_id } = c.req.valid("param");
      return c.json(await members.changeRole(deps, actor(c), id, user_id, c.req.valid("json").role), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/organizations/{id}/members/{user_id}",
      tags,
      summary: "Remove a member, or leave (your own user id); their sessions end at once",
      security: bearerSecurity,
      // Leaving needs no right beyond membership; removing someone else needs members.write (checked inside).
      middleware: [orgGuard("members.read")],
      request: { params: MemberParams },
      responses: { 200: jsonResponse(DeletedSchema, "Removed"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const { id, user_id } = c.req.valid("param");
      await members.removeMember(deps, actor(c), id, user_id);
      return c.json({ id: user_id, object: "member", deleted: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/organizations/{id}/transfer_ownership",
      tags,
      summary: "Make another member the owner; you become an admin",
      security: bearerSecurity,
      middleware: [orgGuard("ownership.write")],
      request: {
        params: IdParam,
        body: jsonBody(
          z.strictObject({ user_id: z.string().min(1).max(64) }).openapi("TransferOwnershipRequest"),
        ),
      },
      responses: { 200: jsonResponse(MemberListSchema, "Members"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const data = await members.transferOwnership(deps, actor(c), id, c.req.valid("json").user_id);
      return c.json({ object: "list" as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/organizations/{id}/invitations",
      tags,
      summary: "Invitations not yet accepted or revoked (expired ones included, marked so)",
      security: bearerSecurity,
      middleware: [orgGuard("members.read")],
      request: { params: IdParam },
      responses: {
        200: jsonResponse(
          z.object({ object: z.literal("list"), data: z.array(InvitationSchema) }).openapi("InvitationList"),
          "Invitations",
        ),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const data = await invitations.listInvitations(deps, c.req.valid("param").id);
      return c.json({ object: "list" as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/organizations/{id}/invitations",
      tags,
      summary: "Invite someone by email with a role; the link is mailed and works once, for a week",
      security: bearerSecurity,
      middleware: [orgGuard("members.write")],
      request: {
        params: IdParam,
        body: jsonBody(z.strictObject({ email: Email, role: Role }).openapi("CreateInvitationRequest")),
      },
      responses: { 201: jsonResponse(InvitationSchema, "Invitation"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await invitations.invite(deps, actor(c), id, c.req.valid("json")), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/organizations/{id}/invitations/{invitation_id}",
      tags,
      summary: "Revoke a pending invitation: its link stops working",
      security: bearerSecurity,
      middleware: [orgGuard("members.write")],
      request: { params: InvitationParams },
      responses: { 200: jsonResponse(InvitationSchema, "Revoked"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id, invitation_id } = c.req.valid("param");
      return c.json(await invitations.revokeInvitation(deps, actor(c), id, invitation_id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/invitations/preview",
      tags,
      summary: "What an invitation link offers (organization, role, whether the address has an account)",
      request: { body: jsonBody(z.strictObject({ token: Token }).openapi("InvitationTokenRequest")) },
      responses: { 200: jsonResponse(InvitationPreviewSchema, "Invitation"), ...errorResponses(404) },
    }),
    async (c) => {
      await limits.signIn.take(`signin:${c.get("clientIp")}`);
      return c.json(await invitations.previewInvitation(deps, c.req.valid("json").token), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/invitations/accept",
      tags,
      summary: "Accept an invitation with the signed-in account (its email must be the invited one)",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account" })],
      request: { body: jsonBody(z.strictObject({ token: Token }).openapi("AcceptInvitationRequest")) },
      responses: {
        200: jsonResponse(z.object({ organization_id: z.string() }).openapi("AcceptedInvitation"), "Joined"),
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { userId } = requireSession(c);
      return c.json(
        await invitations.acceptInvitation(deps, userId, c.req.valid("json").token, c.get("clientIp")),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/invitations/register",
      tags,
      summary: "Accept an invitation by creating an account with the invited email",
      request: {
        body: jsonBody(
          z
            .strictObject({
              token: Token,
              password: z.string().min(8, "must be at least 8 characters").max(200),
              name: z.string().trim().max(100).optional(),
            })
            .openapi("RegisterWithInvitationRequest"),
        ),
      },
      responses: {
        201: jsonResponse(
          SessionGrantSchema.extend({ organization_id: z.string() }).openapi("InvitedSessionGrant"),
          "Account, membership and session",
        ),
        ...errorResponses(404, 409),
      },
    }),
    async (c) => {
      await limits.signIn.take(`signin:${c.get("clientIp")}`);
      return c.json(
        await invitations.acceptInvitationAsNewUser(deps, c.req.valid("json"), requestOrigin(c)),
        201,
      );
    },
  );

  return app;
}
