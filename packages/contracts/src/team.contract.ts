// /team: the business's members and their roles and stores, invitations (single-use mailed links), ownership transfer.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { accountRoute, businessRoute, ZMemberRoleSchema, ZRoleSchema } from './access';
import { ZObjectIdSchema } from './common';
import { ZEmailSchema, ZNewPasswordValueSchema, ZUserSchema, USER_MESSAGES } from './users.contract';

const c = initContract();

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

const ZStoreIdsSchema = z
  .array(ZObjectIdSchema)
  .max(500, 'At most 500 stores')
  .transform((ids) => [...new Set(ids)]);

/** Areas a role covers: every store under each of them, also stores added or moved there later. */
const ZAreaIdsSchema = z
  .array(ZObjectIdSchema)
  .max(500, 'At most 500 areas')
  .transform((ids) => [...new Set(ids)]);

/** Owner and admins cover every store; managers need at least one store or area; viewers some or (none) all. */
function storesRule<T extends { role?: string; stores?: string[]; areas?: string[] }>(
  v: T,
  ctx: z.RefinementCtx,
): void {
  if (v.role === 'manager' && v.stores && v.stores.length === 0 && !v.areas?.length)
    ctx.addIssue({
      code: 'custom',
      path: ['stores'],
      message: 'Choose at least one store for a store manager',
    });
}

export const ZInvitationRequestSchema = z
  .object({
    email: ZEmailSchema,
    role: ZMemberRoleSchema,
    /** Stores the role covers; ignored for admins; no stores and no areas for a viewer means all stores. */
    stores: ZStoreIdsSchema.default([]),
    /** Areas the role covers (every store under them); ignored for admins. */
    areas: ZAreaIdsSchema.default([]),
  })
  .superRefine(storesRule);
export type TInvitationRequest = z.input<typeof ZInvitationRequestSchema>;

/** Links a member made that should keep working after they are removed or lose stores (the rest are switched off). */
const ZKeepLinksSchema = z.array(ZObjectIdSchema).max(500, 'At most 500 links').default([]);

export const ZUpdateMemberSchema = z
  .object({
    role: ZMemberRoleSchema.optional(),
    stores: ZStoreIdsSchema.optional(),
    areas: ZAreaIdsSchema.optional(),
    keep: ZKeepLinksSchema,
  })
  .superRefine(storesRule)
  .refine(
    (v) => v.role !== undefined || v.stores !== undefined || v.areas !== undefined,
    'Change the role or the stores',
  );
export type TUpdateMember = z.input<typeof ZUpdateMemberSchema>;

export const ZMemberSchema = z.object({
  userId: ZObjectIdSchema,
  fullname: z.string(),
  email: z.string(),
  role: ZRoleSchema,
  /** The stores the role covers; null means all stores. */
  stores: z.array(ZObjectIdSchema).nullable(),
  /** The areas the role covers (every store under each); empty for all-store roles. */
  areas: z.array(ZObjectIdSchema),
  joinedAt: z.string(),
});
export type TMember = z.infer<typeof ZMemberSchema>;

export const ZInvitationSchema = z.object({
  _id: ZObjectIdSchema,
  email: z.string(),
  role: ZRoleSchema,
  stores: z.array(ZObjectIdSchema).nullable(),
  areas: z.array(ZObjectIdSchema),
  invitedBy: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitationSchema>;

export const MEMBER_LINK_KINDS = ['board', 'share', 'invitation'] as const;

/** Something a member made for the business that works without them: a board link, a scorecard link, an invitation. */
export const ZMemberLinkSchema = z.object({
  _id: ZObjectIdSchema,
  kind: z.enum(MEMBER_LINK_KINDS),
  /** "Breakroom board of Soho", "Scorecard link of Ana Alvarez (last 30 days)", "Invitation to sam@example.com". */
  label: z.string(),
  createdAt: z.string(),
});
export type TMemberLink = z.infer<typeof ZMemberLinkSchema>;

/** The change asked about: no role = removal; otherwise the role and stores the member would have. */
export const ZMemberLinksQuerySchema = z.object({
  role: ZMemberRoleSchema.optional(),
  stores: z
    .string()
    .trim()
    .max(13_000)
    .transform((v) => (v ? [...new Set(v.split(',').map((x) => x.trim()))] : []))
    .pipe(z.array(ZObjectIdSchema).max(500, 'At most 500 stores'))
    .optional(),
  areas: z
    .string()
    .trim()
    .max(13_000)
    .transform((v) => (v ? [...new Set(v.split(',').map((x) => x.trim()))] : []))
    .pipe(z.array(ZObjectIdSchema).max(500, 'At most 500 areas'))
    .optional(),
});
export type TMemberLinksQuery = z.input<typeof ZMemberLinksQuerySchema>;

export const ZRemoveMemberSchema = z.object({ keep: ZKeepLinksSchema }).default({});
export type TRemoveMember = z.input<typeof ZRemoveMemberSchema>;

/** What the accept page shows before anyone signs in (the token itself is the secret). */
export const ZInvitationPreviewSchema = z.object({
  businessName: z.string(),
  email: z.string(),
  role: ZRoleSchema,
  invitedBy: z.string(),
  /** True when an account with the invited address exists: the page asks to sign in instead of signing up. */
  hasAccount: z.boolean(),
});

const ZTokenSchema = z.object({
  token: z.string().trim().min(1, 'The invitation link is incomplete').max(200),
});

export const ZInvitationSignupSchema = ZTokenSchema.extend({
  fullname: z.string().trim().min(1, USER_MESSAGES.nameRequired).max(255, USER_MESSAGES.tooLong),
  password: ZNewPasswordValueSchema,
  timeZone: z.string().trim().max(64).optional(),
});

export const ZTransferOwnershipSchema = z.object({
  userId: ZObjectIdSchema,
  password: z.string().min(1, 'Enter your password to confirm').max(255),
});

const ZMessageSchema = z.object({ message: z.string() });
const ZId = z.object({ id: ZObjectIdSchema });
const ZUserIdParams = z.object({ userId: ZObjectIdSchema });

export const teamContract = c.router({
  members: {
    method: 'GET',
    path: '/team/members',
    metadata: businessRoute('team:read'),
    responses: {
      200: z.object({ members: z.array(ZMemberSchema), invitations: z.array(ZInvitationSchema) }),
    },
    summary:
      'Members with role and stores, and pending invitations (a store manager sees those of their stores)',
  },
  invite: {
    method: 'POST',
    path: '/team/invitations',
    metadata: businessRoute('team:invite'),
    body: ZInvitationRequestSchema,
    responses: { 201: ZMessageSchema.extend({ invitation: ZInvitationSchema }) },
    summary: 'Invite by email with a role and stores; mails a single-use link valid for 7 days',
  },
  resendInvitation: {
    method: 'POST',
    path: '/team/invitations/:id/resend',
    metadata: businessRoute('team:invite'),
    pathParams: ZId,
    body: c.noBody(),
    responses: { 200: ZMessageSchema.extend({ invitation: ZInvitationSchema }) },
    summary: 'Mail a fresh link (the old one stops working) and restart the 7 days',
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/team/invitations/:id',
    metadata: businessRoute('team:invite'),
    pathParams: ZId,
    body: c.noBody(),
    responses: { 200: ZMessageSchema },
    summary: 'Revoke a pending invitation: its link stops working',
  },
  previewInvitation: {
    method: 'GET',
    path: '/team/invitations/preview',
    metadata: { public: true } as const,
    query: ZTokenSchema,
    responses: { 200: ZInvitationPreviewSchema },
    summary: 'What an invitation link is for (business, role, address), for the accept page',
  },
  acceptInvitation: {
    method: 'POST',
    path: '/team/invitations/accept',
    metadata: accountRoute,
    body: ZTokenSchema,
    responses: { 200: ZMessageSchema.extend({ user: ZUserSchema }) },
    summary:
      'Join the business as the signed-in user (their email must be the invited one); it becomes the current one',
  },
  signupWithInvitation: {
    method: 'POST',
    path: '/team/invitations/signup',
    metadata: { public: true } as const,
    body: ZInvitationSignupSchema,
    responses: { 201: ZMessageSchema.extend({ token: z.string(), user: ZUserSchema }) },
    summary: 'A new person signs up from the link (the link proves the address) and joins the business',
  },
  updateMember: {
    method: 'PUT',
    path: '/team/members/:userId',
    metadata: businessRoute('team:manage'),
    pathParams: ZUserIdParams,
    body: ZUpdateMemberSchema,
    responses: { 200: ZMessageSchema.extend({ member: ZMemberSchema }) },
    summary: "Change a member's role or stores; takes effect on their next request",
  },
  memberLinks: {
    method: 'GET',
    path: '/team/members/:userId/links',
    metadata: businessRoute('team:manage'),
    pathParams: ZUserIdParams,
    query: ZMemberLinksQuerySchema,
    responses: { 200: z.object({ links: z.array(ZMemberLinkSchema) }) },
    summary:
      'What the member made that stops working on removal (no role) or on the asked role and stores, unless kept',
  },
  removeMember: {
    method: 'DELETE',
    path: '/team/members/:userId',
    metadata: businessRoute('team:manage'),
    pathParams: ZUserIdParams,
    body: ZRemoveMemberSchema,
    responses: { 200: ZMessageSchema },
    summary:
      'Remove a member: their next request answers 403, their open dashboards are disconnected, and what they made is switched off unless listed in keep (then it is yours)',
  },
  transferOwnership: {
    method: 'POST',
    path: '/team/transfer-ownership',
    metadata: businessRoute('business:own'),
    body: ZTransferOwnershipSchema,
    responses: { 200: ZMessageSchema },
    summary: 'Make another member the owner (password re-entered); the old owner becomes an admin',
  },
});
