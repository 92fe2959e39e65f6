// Signed unsubscribe tokens: which report mail (its sent-marker), member, business and period, HMAC'd with a derived key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { REPORT_PERIODS, type TReportPeriod } from '@cx/contracts';
import { env } from '../../config/env';

export interface UnsubscribeClaims {
  /** The sent-marker of the mail the link came in (single use). */
  m: string;
  u: string;
  b: string;
  p: TReportPeriod;
}

/** A key of its own derived from JWT_SECRET, so an unsubscribe signature can never pass as anything else. */
const key = () => createHmac('sha256', env.JWT_SECRET).update('cx-report-unsubscribe-v1').digest();
const sign = (payload: string) => createHmac('sha256', key()).update(payload).digest('base64url');

export function signUnsubscribe(claims: UnsubscribeClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The claims of a well-signed token, else null (tampered, truncated or foreign). */
export function verifyUnsubscribe(token: string): UnsubscribeClaims | null {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const want = Buffer.from(sign(payload));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<UnsubscribeClaims>;
    const id = /^[0-9a-f]{24}$/i;
    if (
      typeof c.m === 'string' &&
      typeof c.u === 'string' &&
      typeof c.b === 'string' &&
      id.test(c.m) &&
      id.test(c.u) &&
      id.test(c.b) &&
      (REPORT_PERIODS as readonly string[]).includes(c.p as string)
    ) {
      return { m: c.m, u: c.u, b: c.b, p: c.p! };
    }
  } catch {
    // fall through
  }
  return null;
}
