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
  // A customer's contact request (#37): never in a log line, whatever object carries it.
  'contact',
  '*.contact',
  '*.*.contact',
  '*.phoneDigits',
];

/** Query parameters that carry a link's secret: verification, reset, invitation, unsubscribe and acknowledge links. */
const QUERY_SECRET = /([?&](?:token|resetToken|otp)=)[^&#]*/gi;
/** Public links whose path segment is the secret: breakroom boards, scorecard share links, customers' reply links. */
const PATH_SECRET = /(\/(?:boards\/public|scorecards\/public|case-replies)\/)[^/?#]+/gi;
/** Any other path segment shaped like a random token (32+ base64url characters; ids are 24 hex): a future link. */
const TOKEN_SEGMENT = /(\/)[\w-]{32,}(?=[/?#]|$)/g;

/** Links carry tokens in their query or path: request logs show them as [redacted]. */
export function redactUrlTokens(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const [path = '', ...rest] = url.split('?');
  const query = rest.length ? `?${rest.join('?')}` : '';
  const safePath = path.replace(PATH_SECRET, '$1[redacted]').replace(TOKEN_SEGMENT, '$1[redacted]');
  return `${safePath}${query}`.replace(QUERY_SECRET, '$1[redacted]');
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

/** What a request log line says about the answer: its status only (a redirect's Location carries the link it sends to). */
export function serializeResponse(res: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: res.statusCode };
}

export const logger = pino({
  level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
});
