// Outgoing webhooks' shapes: the events a business can subscribe to, endpoints, and the delivery log.
import { z } from 'zod';
import { ZObjectIdSchema, ZStoreLimitSchema, zPage, zQueryInt } from './common';

/** Every Standard Webhooks secret starts with this; the rest is the base64 HMAC key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_EVENT_TYPES = [
  'rating.created',
  'rating.flagged',
  'rating.restored',
  'alert.fired',
  'alert.acknowledged',
  'visit_allowance.reached',
  'case.opened',
  'case.resolved',
] as const;
export const ZWebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  errorMap: () => ({ message: `Event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }),
});
export type TWebhookEventType = z.infer<typeof ZWebhookEventTypeSchema>;

export const WEBHOOK_EVENT_LABELS: Record<TWebhookEventType, string> = {
  'rating.created': 'A rating is received',
  'rating.flagged': 'A rating is flagged as possible gaming',
  'rating.restored': 'A flagged rating is restored',
  'alert.fired': 'An alert fires',
  'alert.acknowledged': 'An alert is acknowledged',
  'visit_allowance.reached': 'The tracked-visit allowance reaches 80 % or 100 %',
  'case.opened': 'A case is opened',
  'case.resolved': 'A case is resolved',
};

export const ZWebhookUrlSchema = z
  .string({ required_error: 'URL is required', invalid_type_error: 'URL must be text' })
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'URL can be at most 2,000 characters')
  .url('URL must be a full address such as https://example.com/hooks')
  .refine((u) => /^https?:\/\//i.test(u), 'URL must start with https://');

const ZEvents = z
  .array(ZWebhookEventTypeSchema, {
    required_error: 'Choose at least one event',
    invalid_type_error: 'Events must be a list',
  })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length, 'Too many events')
  .transform((e) => [...new Set(e)]);

export const ZCreateWebhookSchema = z.object({
  url: ZWebhookUrlSchema,
  events: ZEvents,
  /**
   * Limits the endpoint to these stores' events; absent or empty: every store the caller covers (a store-limited API
   * key's endpoint hears only its stores, and can name no store outside them).
   */
  stores: ZStoreLimitSchema,
});
export type TCreateWebhook = z.input<typeof ZCreateWebhookSchema>;

export const ZUpdateWebhookSchema = z
  .object({
    url: ZWebhookUrlSchema.optional(),
    events: ZEvents.optional(),
    enabled: z.boolean({ invalid_type_error: 'Enabled must be true or false' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type TUpdateWebhook = z.input<typeof ZUpdateWebhookSchema>;

export const ZWebhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(ZWebhookEventTypeSchema),
  enabled: z.boolean(),
  /** The stores whose events it receives; empty: every store of the business. */
  stores: z.array(z.string()),
  /** Why it is off when the system turned it off (persistent failure); null when on or turned off by a person. */
  disabledReason: z.string().nullable(),
  /** First failure since the last success; null while healthy. */
  failingSince: z.string().nullable(),
  /** When the previous secret stops signing (after a rotation), or null. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const ZWebhookDeliverySchema = z.object({
  _id: z.string(),
  /** The webhook-id header: the same for every attempt and redelivery of one message. */
  messageId: z.string(),
  type: z.string(),
  /** pending: waiting for its next attempt; failed: every attempt failed (or the endpoint is off). */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  responseCode: z.number().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  /** The exact JSON body sent. */
  payload: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;

export const ZWebhookDeliveriesQuerySchema = z.object({
  page: zPage(),
  pageSize: zQueryInt('Page size', 1, 100).default(20),
});

/** The most webhook endpoints one business may have: each event is sent to every one of them. */
export const WEBHOOK_ENDPOINTS_MAX = 50;

/** The endpoint list, newest first, a page at a time (a page can hold every endpoint a business may have). */
export const ZWebhooksQuerySchema = z.object({
  page: zPage(),
  pageSize: zQueryInt('Page size', 1, WEBHOOK_ENDPOINTS_MAX).default(20),
});
export type TWebhooksQuery = z.input<typeof ZWebhooksQuerySchema>;

export const ZWebhookIdSchema = z.object({ id: ZObjectIdSchema });
export const ZWebhookDeliveryIdSchema = z.object({ id: ZObjectIdSchema, deliveryId: ZObjectIdSchema });
