// The one audit writer: the access layer knows who and in which role, the service says what changed.
import type { Types } from 'mongoose';
import type { TAuditActorRole, TAuditKind } from '@cx/contracts';
import { logger } from '../lib/logger';
import { UserModel } from '../modules/users/user.model';
import type { Access } from './access';
import { AuditModel } from './audit.model';

export interface AuditChange {
  kind: TAuditKind;
  /** e.g. "store.update". */
  action: string;
  summary: string;
  store?: { _id: unknown; name?: string | null } | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const SECRET_KEY = /password|hash|token|secret|otp/i;

/** Drops secrets and keeps the before/after small: a summary, not a copy of the document. */
function trimmed(v: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!v) return null;
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(v)) {
    if (SECRET_KEY.test(k) || value === undefined) continue;
    out[k] = typeof value === 'string' && value.length > 300 ? `${value.slice(0, 300)}…` : value;
  }
  return out;
}

/** A member by their name now; an API key by its name and prefix (never its secret), so the log says which key. */
async function actorNameOf(access: Access): Promise<string> {
  if (access.apiKey) return `API key "${access.apiKey.name}" (${access.apiKey.prefix}…)`;
  const actor = await UserModel.findById(access.userId, { fullname: 1 }).lean();
  return actor?.fullname ?? 'Former member';
}

/** Who acted when no member did: the product itself (a rule, a job) or a customer through a signed link. */
export type NonMemberActor = 'System' | 'Customer';
/** Their fixed actor ids (no user has them), so filtering the log by a person never picks these steps up. */
export const NON_MEMBER_ACTOR_IDS: Record<NonMemberActor, string> = {
  System: '000000000000000000000001',
  Customer: '000000000000000000000002',
};

/**
 * Appends one entry for a step no member took (named "System" or "Customer", with a fixed actor id); like
 * recordAudit, a failed append is logged rather than thrown.
 */
export async function recordNonMemberAudit(
  businessId: string,
  actor: NonMemberActor,
  change: AuditChange,
  at = new Date(),
): Promise<void> {
  await append(
    {
      business: businessId,
      actor: NON_MEMBER_ACTOR_IDS[actor],
      actorName: actor,
      actorRole: actor === 'System' ? 'system' : 'customer',
      apiKey: null,
    },
    change,
    at,
  );
}

/**
 * Appends one entry. The change has already happened: a failed append is logged loudly rather than turned into an
 * error for a change that did succeed.
 */
export async function recordAudit(access: Access, change: AuditChange, at = new Date()): Promise<void> {
  let actorName: string;
  try {
    actorName = await actorNameOf(access);
  } catch (err) {
    logger.error({ err, action: change.action, businessId: access.businessId }, 'audit entry not written');
    return;
  }
  await append(
    {
      business: access.businessId,
      actor: access.userId,
      actorName,
      actorRole: access.role,
      apiKey: access.apiKey?.id ?? null,
    },
    change,
    at,
  );
}

async function append(
  who: {
    business: string;
    actor: string;
    actorName: string;
    actorRole: TAuditActorRole;
    apiKey: string | null;
  },
  change: AuditChange,
  at: Date,
): Promise<void> {
  try {
    await AuditModel.create({
      ...who,
      at,
      kind: change.kind,
      action: change.action,
      summary: change.summary.slice(0, 500),
      store: (change.store?._id as Types.ObjectId | undefined) ?? null,
      storeName: change.store?.name ?? null,
      before: trimmed(change.before),
      after: trimmed(change.after),
    });
  } catch (err) {
    logger.error({ err, action: change.action, businessId: who.business }, 'audit entry not written');
  }
}
