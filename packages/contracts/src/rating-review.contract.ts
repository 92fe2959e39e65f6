// Dashboard review of ratings flagged as suspicious by anti-gaming: list them, restore one (with an audit entry).
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute, withApiKey } from './access';
import { ZObjectIdSchema, zPage, zQueryInt } from './common';

const c = initContract();

export const ZRatingAuditEntrySchema = z.object({
  _id: z.string(),
  action: z.literal('restore'),
  actor: z.object({ _id: z.string(), fullname: z.string() }),
  note: z.string(),
  createdAt: z.string(),
});
export type TRatingAuditEntry = z.infer<typeof ZRatingAuditEntrySchema>;

export const ZFlaggedRatingSchema = z.object({
  _id: z.string(),
  kind: z.enum(['staff', 'experience']),
  store: z.object({ _id: z.string(), name: z.string() }),
  staff: z.object({ _id: z.string(), name: z.string() }).nullable(),
  score: z.number(),
  comment: z.string(),
  tags: z.array(z.string()),
  day: z.string(),
  source: z.enum(['qr', 'kiosk']),
  createdAt: z.string(),
  /** Why it was flagged, in plain words. */
  reasons: z.array(z.string()),
  /** Restored ratings count in rankings again; their audit trail says who restored them and when. */
  restored: z.boolean(),
  reviewedAt: z.string().nullable(),
  audit: z.array(ZRatingAuditEntrySchema),
});
export type TFlaggedRating = z.infer<typeof ZFlaggedRatingSchema>;

export const ZFlaggedRatingsQuerySchema = z.object({
  store: ZObjectIdSchema.optional(),
  /** pending: flagged and not yet restored (the default); restored; all. */
  status: z.enum(['pending', 'restored', 'all']).default('pending'),
  page: zPage(),
  pageSize: zQueryInt('Page size', 1, 100).default(25),
});

export const ZRestoreRatingSchema = z.object({
  note: z.string().trim().max(500, 'Notes can be up to 500 characters').default(''),
});

export const ratingReviewContract = c.router({
  listFlagged: {
    method: 'GET',
    path: '/ratings/flagged',
    metadata: withApiKey(businessRoute('feedback:review'), 'ratings:read'),
    query: ZFlaggedRatingsQuerySchema,
    responses: {
      200: z.object({
        ratings: z.array(ZFlaggedRatingSchema),
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
      }),
    },
    summary: 'Ratings flagged as suspicious (excluded from rankings until restored), newest first',
  },
  restore: {
    method: 'POST',
    path: '/ratings/:id/restore',
    metadata: businessRoute('feedback:review'),
    pathParams: z.object({ id: ZObjectIdSchema }),
    body: ZRestoreRatingSchema,
    responses: { 200: ZFlaggedRatingSchema },
    summary: 'Count a flagged rating again (rankings and rollups) and record who did it',
  },
});
