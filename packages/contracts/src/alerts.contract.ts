// /alerts: the business's alert channels (Slack, Teams, email), acknowledging an alert in the app or by its signed link.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZMessageSchema, ZObjectIdSchema } from './common';

const c = initContract();

export const ALERT_CHANNEL_KINDS = ['slack', 'teams', 'email'] as const;
export const ZAlertChannelKindSchema = z.enum(ALERT_CHANNEL_KINDS, {
  errorMap: () => ({ message: 'Kind must be slack, teams or email' }),
});
export type TAlertChannelKind = z.infer<typeof ZAlertChannelKindSchema>;

export const ALERT_CHANNEL_LABELS: Record<TAlertChannelKind, string> = {
  slack: 'Slack',
  teams: 'Microsoft Teams',
  email: 'Email',
};

const ZName = z
  .string({ required_error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name can be at most 80 characters');

/** Shape only; the API also checks the host (hooks.slack.com, *.webhook.office.com, *.logic.azure.com). */
const ZWebhookUrl = z
  .string({ required_error: 'Webhook URL is required' })
  .trim()
  .url('Webhook URL must be a valid URL')
  .max(2000, 'Webhook URL can be at most 2000 characters');

/** The most alert channels one business may connect (every rule alert may post to each one it names). */
export const ALERT_CHANNELS_MAX = 20;

export const ZCreateAlertChannelSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('slack'), name: ZName, url: ZWebhookUrl }),
    z.object({ kind: z.literal('teams'), name: ZName, url: ZWebhookUrl }),
    z.object({
      kind: z.literal('email'),
      name: ZName,
      emails: z
        .array(z.string().trim().email('Each address must be a valid email'), {
          required_error: 'Add at least one email address',
        })
        .min(1, 'Add at least one email address')
        .max(20, 'At most 20 email addresses')
        .transform((e) => [...new Set(e.map((a) => a.toLowerCase()))]),
    }),
  ],
  { errorMap: () => ({ message: 'Kind must be slack, teams or email' }) },
);
export type TCreateAlertChannel = z.input<typeof ZCreateAlertChannelSchema>;

export const ZAlertChannelSchema = z.object({
  _id: z.string(),
  kind: ZAlertChannelKindSchema,
  name: z.string(),
  /** Webhook URLs are secrets of a kind: shown shortened (host and the last characters). */
  target: z.string(),
  createdAt: z.string(),
  lastDelivery: z.object({ at: z.string(), ok: z.boolean(), error: z.string().nullable() }).nullable(),
});
export type TAlertChannel = z.infer<typeof ZAlertChannelSchema>;

/** What a rule form may pick from (any member who edits rules): no targets. */
export const ZAlertChannelOptionSchema = z.object({
  _id: z.string(),
  kind: ZAlertChannelKindSchema,
  name: z.string(),
});
export type TAlertChannelOption = z.infer<typeof ZAlertChannelOptionSchema>;

export const ZAcknowledgementSchema = z.object({ by: z.string(), at: z.string() });
export type TAcknowledgement = z.infer<typeof ZAcknowledgementSchema>;

export const ZAcknowledgeLinkSchema = z.object({
  token: z
    .string({ required_error: 'Token is required' })
    .min(10, 'This link is not valid')
    .max(300, 'This link is not valid'),
});

export const ZAcknowledgeResultSchema = z.object({
  /** False when someone had already acknowledged it (by this link or in the app). */
  acknowledged: z.boolean(),
  message: z.string(),
  acknowledgement: ZAcknowledgementSchema,
});
export type TAcknowledgeResult = z.infer<typeof ZAcknowledgeResultSchema>;

const ZId = z.object({ id: ZObjectIdSchema });

export const alertsContract = c.router({
  listChannels: {
    method: 'GET',
    path: '/alerts/channels',
    metadata: businessRoute('integrations:manage'),
    responses: { 200: z.object({ channels: z.array(ZAlertChannelSchema) }) },
    summary: "The business's alert channels (Slack, Teams, email)",
  },
  channelOptions: {
    method: 'GET',
    path: '/alerts/channel-options',
    metadata: businessRoute('notifications:read'),
    responses: { 200: z.object({ channels: z.array(ZAlertChannelOptionSchema) }) },
    summary: 'The channels a rule may post to (names only)',
  },
  createChannel: {
    method: 'POST',
    path: '/alerts/channels',
    metadata: businessRoute('integrations:manage'),
    body: ZCreateAlertChannelSchema,
    responses: { 201: z.object({ message: z.string(), channel: ZAlertChannelSchema }) },
    summary: 'Connect a Slack or Teams incoming webhook, or a list of email addresses',
  },
  deleteChannel: {
    method: 'DELETE',
    path: '/alerts/channels/:id',
    pathParams: ZId,
    body: c.noBody(),
    metadata: businessRoute('integrations:manage'),
    responses: { 200: ZMessageSchema },
    summary: 'Remove a channel (rules stop posting to it)',
  },
  testChannel: {
    method: 'POST',
    path: '/alerts/channels/:id/test',
    pathParams: ZId,
    body: c.noBody(),
    metadata: businessRoute('integrations:manage'),
    responses: { 202: ZMessageSchema },
    summary: 'Queue a test message to the channel',
  },
  acknowledge: {
    method: 'POST',
    path: '/alerts/:id/acknowledge',
    pathParams: ZId,
    body: c.noBody(),
    metadata: businessRoute('notifications:read'),
    responses: { 200: ZAcknowledgeResultSchema },
    summary: 'Acknowledge one of your alerts',
  },
  acknowledgeByLink: {
    method: 'POST',
    path: '/alerts/acknowledge',
    metadata: { public: true } as const,
    body: ZAcknowledgeLinkSchema,
    responses: { 200: ZAcknowledgeResultSchema },
    summary: 'Acknowledge an alert from its signed, single-use email or chat link',
  },
});
