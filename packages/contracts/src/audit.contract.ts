// /audit: the business's append-only log of every change a member made (who, role, what, store, before/after, when).
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute, ROLE_LABELS, ROLES, type TRole } from './access';
import { ZObjectIdSchema, zQueryInt } from './common';
import { ZDaySchema } from './stores.contract';

const c = initContract();

/** What was changed; the filter's "kind". */
export const AUDIT_KINDS = [
  'store',
  'staff',
  'shift',
  'interfaces',
  'rating',
  'notification-rule',
  'member',
  'invitation',
  'subscription',
  'ownership',
  'settings',
  'kiosk',
  'api-key',
  'webhook',
  'alert',
  'board',
  'scorecard',
  'theme',
  'area',
  'target',
  'case',
  'privacy',
] as const;
export const ZAuditKindSchema = z.enum(AUDIT_KINDS);
export type TAuditKind = z.infer<typeof ZAuditKindSchema>;

/** Who made a change: a member's role, or the product itself ("System") or a customer through a signed link. */
export const AUDIT_ACTOR_ROLES = [...ROLES, 'system', 'customer'] as const;
export type TAuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];
export const AUDIT_ACTOR_LABELS: Record<TAuditActorRole, string> = {
  ...(ROLE_LABELS as Record<TRole, string>),
  system: 'System',
  customer: 'Customer',
};

export const ZAuditEntrySchema = z.object({
  _id: ZObjectIdSchema,
  at: z.string(),
  actor: z.object({ _id: ZObjectIdSchema, fullname: z.string(), role: z.enum(AUDIT_ACTOR_ROLES) }),
  kind: ZAuditKindSchema,
  /** e.g. "store.update", "member.remove". */
  action: z.string(),
  /** A short, human summary: "Renamed Soho to Soho Square". */
  summary: z.string(),
  store: z.object({ _id: ZObjectIdSchema, name: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZAuditFilterSchema = z.object({
  actor: ZObjectIdSchema.optional(),
  store: ZObjectIdSchema.optional(),
  kind: ZAuditKindSchema.optional(),
  /** First and last UTC day, inclusive. */
  from: ZDaySchema.optional(),
  to: ZDaySchema.optional(),
});
export type TAuditFilter = z.infer<typeof ZAuditFilterSchema>;

export const ZAuditQuerySchema = ZAuditFilterSchema.extend({
  /** The nextCursor of the previous page. */
  cursor: ZObjectIdSchema.optional(),
  limit: zQueryInt('Limit', 1, 100).default(50),
});

export const auditContract = c.router({
  list: {
    method: 'GET',
    path: '/audit',
    metadata: businessRoute('audit:read'),
    query: ZAuditQuerySchema,
    responses: {
      200: z.object({ entries: z.array(ZAuditEntrySchema), nextCursor: ZObjectIdSchema.nullable() }),
    },
    summary: 'Newest first, cursor pagination; filter by person, store, kind and period',
  },
  exportCsv: {
    method: 'GET',
    path: '/audit/export.csv',
    metadata: businessRoute('audit:read'),
    query: ZAuditFilterSchema,
    responses: { 200: c.otherResponse({ contentType: 'text/csv', body: z.unknown() }) },
    summary: 'The filtered log as a streamed CSV',
  },
});
