// One pino logger for the API; redacts credentials so no secret, hash, OTP or token reaches a log line.
import pino from 'pino';
import { env } from '../config/env';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.oldPassword',
  '*.newPassword',
  '*.otp',
  '*.otpHash',
  '*.token',
  '*.resetToken',
  'req.query.token',
];

/** Links carry one-time tokens in their query (the verification link): request logs show them as [redacted]. */
export function redactUrlTokens(url: string | undefined): string | undefined {
  return url?.replace(/([?&](?:token|resetToken|otp)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * What a request log line says about the request: an allow-list, so client IPs, user agents, cookies and bearer
 * tokens never reach a log (anonymous customers are identified only by salted daily hashes, never by raw IP).
 */
export function serializeRequest(req: {
  id?: unknown;
  method?: string;
  url?: string;
}): Record<string, unknown> {
  return { id: req.id, method: req.method, url: redactUrlTokens(req.url) };
}

export const logger = pino({
  level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
});
