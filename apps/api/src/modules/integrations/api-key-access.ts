// An API key at the access guard: the key becomes an Access of its business (its stores), each use is audited.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { env } from '../../config/env';
import { apiKeyOf } from '../../lib/auth';
import { unauthorized } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { rateLimit } from '../../lib/rate-limit';
import type { Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { ApiKeyModel, apiKeyHash, type ApiKeyDoc } from './api-key.model';

/** lastUsedAt is written at most this often per key (and per instance): a busy key costs one write a minute. */
export const LAST_USED_EVERY_MS = 60_000;
const lastTouched = new Map<string, number>();

async function touch(key: ApiKeyDoc, now = Date.now()): Promise<void> {
  const id = String(key._id);
  if (now - (lastTouched.get(id) ?? 0) < LAST_USED_EVERY_MS) return;
  if (key.lastUsedAt && now - key.lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  lastTouched.set(id, now);
  const stale = new Date(now - LAST_USED_EVERY_MS);
  await ApiKeyModel.updateOne(
    { _id: key._id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: stale } }] },
    { $set: { lastUsedAt: new Date(now) } },
  );
}

/** One audit entry per request made with the key, written when the answer is sent (so it carries the status). */
function auditUse(access: Access, req: Request, res: Response): void {
  const started = Date.now();
  const path = (req.originalUrl ?? req.url).split('?')[0]!.slice(0, 200);
  res.once('finish', () => {
    const use = { method: req.method, path, status: res.statusCode, ms: Date.now() - started };
    void recordAudit(access, {
      kind: 'api-key',
      action: 'api-key.use',
      summary: `${use.method} ${use.path} answered ${use.status}`,
      after: use,
    });
  });
}

/**
 * The Access of a presented key: unknown or revoked → 401. A key acts for its business with the lowest role's
 * standing (its route scopes, not a role, say what it may call), limited to its stores when it names any; the actor
 * id is the key's own id, so no member is blamed for what a key did.
 */
export async function apiKeyAccess(token: string, req: Request, res: Response): Promise<Access> {
  const key = await ApiKeyModel.findOne({ hash: apiKeyHash(token) }).lean<ApiKeyDoc>();
  if (!key || key.revokedAt) throw unauthorized('This API key is not valid or has been revoked');
  const stores = (key.stores ?? []).map(String);
  const access: Access = {
    userId: String(key._id),
    businessId: String(key.business),
    role: 'viewer',
    storeIds: stores.length > 0 ? stores : null,
    apiKey: {
      id: String(key._id),
      name: key.name,
      prefix: key.prefix,
      scopes: key.scopes as NonNullable<Access['apiKey']>['scopes'],
    },
  };
  auditUse(access, req, res);
  await touch(key).catch((err: unknown) =>
    logger.warn({ err, apiKey: key.prefix }, 'lastUsedAt not written'),
  );
  return access;
}

/** The rate-limit bucket of a key: derived apart from the stored hash, so Redis never holds the lookup hash. */
const bucketOf = (token: string) =>
  createHash('sha256').update('rate-limit:').update(token).digest('base64url');

/** Each API key's own limit per minute, before the guard looks it up (an unknown key is limited the same way). */
export function apiKeyRateLimit(): RequestHandler {
  return rateLimit({
    name: 'api-key',
    windowMs: 60_000,
    limit: env.API_KEY_RATE_LIMIT,
    key: (req) => {
      const token = apiKeyOf(req);
      return token ? bucketOf(token) : undefined;
    },
    message: 'Too many requests with this API key. Please wait a minute and try again.',
  });
}
