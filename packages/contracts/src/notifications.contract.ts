// /notifications: the bell's list (spec §3/§7), mark all read, the alert rules and the email quiet hours.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZObjectIdSchema, zPage, zQueryInt } from './common';
import { ZNotificationSettingsSchema, ZRuleInputSchema, ZRuleSchema } from './notification-rules.schemas';

export * from './notification-rules.schemas';

const c = initContract();

/** Spec §3: _id, message (HTML built by the server from escaped values), image, createdAt, isUnRead. */
export const ZNotificationSchema = z.object({
  _id: z.string(),
  message: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  isUnRead: z.boolean(),
  /** Rule alerts can be acknowledged (in the app or by their email/chat link). */
  acknowledgeable: z.boolean().optional(),
  acknowledgement: z.object({ by: z.string(), at: z.string() }).nullable().optional(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

export const ZNotificationListQuerySchema = z.object({
  page: zPage(),
  limit: zQueryInt('Limit', 1, 100).default(20),
});

export const ZNotificationPageSchema = z.object({
  /** Newest first. */
  data: z.array(ZNotificationSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  /** Unread across all pages (the bell's count when only the first page is loaded). */
  unread: z.number(),
  /** Rule alerts nobody has acknowledged yet (the facts strip's "open complaints"), across all pages. */
  openAlerts: z.number(),
  hasMore: z.boolean(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPageSchema>;

/** The small realtime event a rating pushes so open dashboards refetch (no customer data beyond the score). */
export const ZRatingPushSchema = z.object({
  store: z.string(),
  staff: z.string().nullable(),
  kind: z.enum(['staff', 'experience']),
  score: z.number(),
  flagged: z.boolean(),
  createdAt: z.string(),
});
export type TRatingPush = z.infer<typeof ZRatingPushSchema>;

/** Socket.IO event names (the spec leaves them open). */
export const REALTIME_EVENTS = {
  register: 'register',
  notification: 'notification',
  rating: 'rating',
  /** A business's comment themes changed (discovery found new ones): open theme lists ask again. */
  themes: 'themes',
} as const;

const ZIdParams = z.object({ id: ZObjectIdSchema });
const ZRuleMessageSchema = z.object({ message: z.string(), rule: ZRuleSchema });

export const notificationsContract = c.router({
  list: {
    method: 'GET',
    path: '/notifications',
    metadata: businessRoute('notifications:read'),
    query: ZNotificationListQuerySchema,
    responses: { 200: ZNotificationPageSchema },
    summary: "The caller's notifications, newest first, paginated",
  },
  markRead: {
    method: 'PUT',
    path: '/notifications/mark-read',
    metadata: businessRoute('notifications:read'),
    body: c.noBody(),
    responses: { 200: z.object({ message: z.string(), updated: z.number() }) },
    summary: "Marks all of the caller's notifications read",
  },
  listRules: {
    method: 'GET',
    path: '/notifications/rules',
    metadata: businessRoute('notifications:read'),
    responses: { 200: z.object({ data: z.array(ZRuleSchema) }) },
    summary: 'The alert rules (a new business gets the default ones on first use)',
  },
  createRule: {
    method: 'POST',
    path: '/notifications/rules',
    metadata: businessRoute('notifications:write'),
    body: ZRuleInputSchema,
    responses: { 201: ZRuleMessageSchema },
    summary: 'Add an alert rule',
  },
  updateRule: {
    method: 'PUT',
    path: '/notifications/rules/:id',
    metadata: businessRoute('notifications:write'),
    pathParams: ZIdParams,
    body: ZRuleInputSchema,
    responses: { 200: ZRuleMessageSchema },
    summary: 'Replace an alert rule',
  },
  deleteRule: {
    method: 'DELETE',
    path: '/notifications/rules/:id',
    metadata: businessRoute('notifications:write'),
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: z.object({ message: z.string() }) },
    summary: 'Remove an alert rule',
  },
  getSettings: {
    method: 'GET',
    path: '/notifications/settings',
    metadata: businessRoute('notifications:read'),
    responses: { 200: ZNotificationSettingsSchema },
    summary: 'Quiet hours for email alerts',
  },
  updateSettings: {
    method: 'PUT',
    path: '/notifications/settings',
    metadata: businessRoute('notifications:write'),
    body: ZNotificationSettingsSchema,
    responses: { 200: z.object({ message: z.string(), settings: ZNotificationSettingsSchema }) },
    summary: 'Change the quiet hours for email alerts',
  },
});
