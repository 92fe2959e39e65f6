// Standard Webhooks signing: secrets (`whsec_` + base64 key), message ids and the webhook-* headers.
import { createHash, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_SECRET_PREFIX } from '@cx/contracts';

/** A new secret: 32 random bytes (the HMAC-SHA256 block's worth of key), base64 after the prefix. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The webhook-id of an event's message: derived from its id, so every endpoint and redelivery shares it. */
export const messageIdOf = (eventId: string) =>
  `msg_${createHash('sha256').update(eventId).digest('base64url').slice(0, 27)}`;

/** The signing secrets still valid at `now`, newest first. */
export function liveSecrets(secrets: { key: string; expiresAt?: Date | null }[], now: Date): string[] {
  return secrets.filter((s) => !s.expiresAt || s.expiresAt > now).map((s) => s.key);
}

/**
 * The three Standard Webhooks headers; during a rotation's overlap one `v1,` signature per live secret, space
 * separated (a receiver accepts the message when any matches the secret it holds).
 */
export function webhookHeaders(
  secrets: string[],
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const signature = secrets.map((key) => new Webhook(key).sign(messageId, at, body)).join(' ');
  return {
    'content-type': 'application/json',
    'user-agent': 'CX-Journey-Webhooks/1.0',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
