// Helpers for the alert-channel tests: a local stand-in for Slack/Teams, a rule with channels, the documented shapes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { env } from '../../src/config/env';
import { AlertChannelModel } from '../../src/modules/alerts/alerts.model';

/** Tests post to a receiver on 127.0.0.1, which only ALERT_CHANNELS_ALLOW_LOCAL permits. */
export function allowLocalChannels(on = true): void {
  (env as { ALERT_CHANNELS_ALLOW_LOCAL: boolean }).ALERT_CHANNELS_ALLOW_LOCAL = on;
}

export interface Receiver {
  url: string;
  posts: Array<{ path: string; body: unknown }>;
  /** Status codes for the next requests, in order (then 200). */
  failNext: (...codes: number[]) => void;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const posts: Receiver['posts'] = [];
  const queue: number[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const status = queue.shift() ?? 200;
      if (status === 200) posts.push({ path: req.url ?? '', body: JSON.parse(raw) as unknown });
      res.writeHead(status).end(status === 200 ? 'ok' : 'error');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    failNext: (...codes) => queue.push(...codes),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export const makeChannel = (business: string, kind: 'slack' | 'teams' | 'email', target: string) =>
  AlertChannelModel.create({
    business,
    kind,
    name: `${kind} channel`,
    url: kind === 'email' ? null : target,
    emails: kind === 'email' ? [target] : [],
  });

const plainText = (max: number) =>
  z.object({
    type: z.literal('plain_text'),
    text: z.string().min(1).max(max),
    emoji: z.boolean().optional(),
  });
const textObject = (max: number) =>
  z.union([plainText(max), z.object({ type: z.literal('mrkdwn'), text: z.string().min(1).max(max) })]);

/**
 * Slack incoming webhook message with Block Kit blocks, from api.slack.com/reference/block-kit/blocks: header
 * (plain_text ≤ 150), section (text ≤ 3000), context (≤ 10 elements), actions (≤ 25 buttons: text ≤ 75, url ≤ 3000,
 * action_id ≤ 255, style primary|danger); at most 50 blocks; `text` is the notification fallback.
 */
export const ZSlackMessage = z.object({
  text: z.string().min(1),
  blocks: z
    .array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('header'), text: plainText(150) }).strict(),
        z.object({ type: z.literal('section'), text: textObject(3000) }).strict(),
        z.object({ type: z.literal('context'), elements: z.array(textObject(3000)).min(1).max(10) }).strict(),
        z
          .object({
            type: z.literal('actions'),
            elements: z
              .array(
                z
                  .object({
                    type: z.literal('button'),
                    text: plainText(75),
                    action_id: z.string().max(255),
                    url: z.string().url().max(3000),
                    style: z.enum(['primary', 'danger']).optional(),
                  })
                  .strict(),
              )
              .min(1)
              .max(25),
          })
          .strict(),
      ]),
    )
    .min(1)
    .max(50),
});

/**
 * Teams (Office 365 connector) MessageCard, from learn.microsoft.com "Legacy actionable message card reference":
 * @type MessageCard, @context https://schema.org/extensions, summary or text required, themeColor hex, sections,
 * potentialAction OpenUri with targets [{ os, uri }].
 */
export const ZTeamsCard = z.object({
  '@type': z.literal('MessageCard'),
  '@context': z.literal('https://schema.org/extensions'),
  summary: z.string().min(1),
  themeColor: z.string().regex(/^[0-9A-Fa-f]{6}$/),
  title: z.string().optional(),
  sections: z
    .array(
      z.object({
        activityTitle: z.string().optional(),
        activitySubtitle: z.string().optional(),
        text: z.string().optional(),
      }),
    )
    .min(1),
  potentialAction: z
    .array(
      z.object({
        '@type': z.literal('OpenUri'),
        name: z.string().min(1),
        targets: z
          .array(z.object({ os: z.enum(['default', 'iOS', 'android', 'windows']), uri: z.string().url() }))
          .min(1),
      }),
    )
    .max(4),
});
