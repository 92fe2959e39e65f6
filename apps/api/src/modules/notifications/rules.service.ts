// Alert rules of one member (stores within theirs), their default set, and their quiet hours; changes audited.
import mongoose from 'mongoose';
import { DEFAULT_RULE_TYPES, NEW_RULE, can } from '@cx/contracts';
import type { TNotificationSettings, TRule, TRuleInput, TRuleType } from '@cx/contracts';
import { notFound } from '../../lib/errors';
import { assertOwnStores, forbidden, type Access } from '../../tenancy/access';
import { MembershipModel } from '../../tenancy/membership.model';
import { NotificationModel } from './notification.model';
import { mine } from './recipients';
import { assertRuleTargets } from '../alerts/rule-targets';
import { auditRule, auditSettings } from './rules.audit';
import { NotificationSettingsModel, RuleModel, RuleStateModel, type RuleDoc } from './rule.model';

export const DEFAULT_RULES: TRuleInput[] = DEFAULT_RULE_TYPES.map((type) => NEW_RULE[type]);

function splitInput(input: TRuleInput) {
  const {
    type,
    enabled,
    stores,
    email,
    channels = [],
    urgent = false,
    escalation = null,
    openCase = false,
    ...params
  } = input;
  return { type, enabled, stores, email, channels, urgent, escalation, openCase, params };
}

export function toRule(doc: RuleDoc): TRule {
  return {
    ...(doc.params as object),
    type: doc.type,
    enabled: doc.enabled,
    stores: (doc.stores ?? []).map(String),
    email: doc.email,
    channels: (doc.channels ?? []).map(String),
    urgent: !!doc.urgent,
    ...(doc.openCase ? { openCase: true } : {}),
    escalation: doc.escalation?.afterMinutes
      ? { afterMinutes: doc.escalation.afterMinutes, to: doc.escalation.to ?? 'owner' }
      : null,
    _id: String(doc._id),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  } as TRule;
}

/** The plan's allowance is billing: only a member who sees billing has (or may make) that rule. */
const allowedType = (role: Access['role'], type: TRuleType) =>
  type !== 'visit-allowance' || can(role, 'billing:read');

const seeded = new Set<string>();

/**
 * Creates a member's default rules the first time they are seen here (the settings page, or for the owner also the
 * business's first rating), for new and existing members alike. The settings upsert is atomic: only the call that
 * sets `defaultsAt` inserts the rules, so two instances racing cannot double them. For the owner, the records from
 * before teams (no member) are claimed first, so their rules, settings and bell carry over. `user` omitted: the owner.
 */
export async function ensureDefaultRules(
  business: string | mongoose.Types.ObjectId,
  user?: string | mongoose.Types.ObjectId | null,
): Promise<void> {
  // The owner's defaults are checked on every rating: once seeded, no read at all.
  if (!user && seeded.has(`${String(business)}:owner`)) return;
  const businessId = new mongoose.Types.ObjectId(String(business));
  const m = await MembershipModel.findOne(
    user ? { business: businessId, user } : { business: businessId, role: 'owner' },
  ).lean();
  if (!m) return;
  const key = `${String(business)}:${String(m.user)}`;
  const done = () => {
    seeded.add(key);
    if (m.role === 'owner') seeded.add(`${String(business)}:owner`);
  };
  if (seeded.has(key)) return done();
  const userId = m.user as mongoose.Types.ObjectId;
  if (m.role === 'owner') {
    const unclaimed = { business: businessId, user: null };
    await NotificationSettingsModel.updateOne(unclaimed, { $set: { user: userId } }).catch((err: unknown) => {
      if ((err as { code?: unknown }).code !== 11000) throw err;
    });
    await Promise.all([
      RuleModel.updateMany(unclaimed, { $set: { user: userId } }),
      NotificationModel.updateMany(unclaimed, { $set: { user: userId } }),
    ]);
  }
  let before: { defaultsAt?: Date | null } | null;
  try {
    before = await NotificationSettingsModel.findOneAndUpdate(
      { business: businessId, user: userId, defaultsAt: null },
      { $set: { defaultsAt: new Date() }, $setOnInsert: { business: businessId, user: userId } },
      { upsert: true, returnDocument: 'before' },
    ).lean();
  } catch (err) {
    // A racing call inserted the settings first (duplicate key): it owns the defaults.
    if ((err as { code?: unknown }).code !== 11000) throw err;
    return done();
  }
  if (!before?.defaultsAt) {
    const role = m.role as Access['role'];
    await RuleModel.insertMany(
      DEFAULT_RULES.filter((r) => allowedType(role, r.type)).map((r) => ({
        business: businessId,
        user: userId,
        ...splitInput(r),
      })),
    );
  }
  done();
}

function assertAllowedType(access: Access, type: TRuleType): void {
  if (!allowedType(access.role, type))
    throw forbidden('Only the owner can be alerted about the plan’s visits');
}

export async function listRules(access: Access): Promise<TRule[]> {
  await ensureDefaultRules(access.businessId, access.userId);
  const docs = await RuleModel.find(mine(access)).sort({ createdAt: 1, _id: 1 }).lean<RuleDoc[]>();
  return docs.map(toRule);
}

export async function createRule(access: Access, input: TRuleInput): Promise<TRule> {
  assertAllowedType(access, input.type);
  await ensureDefaultRules(access.businessId, access.userId);
  await assertOwnStores(access, input.stores);
  await assertRuleTargets(access, input);
  const doc = await RuleModel.create({
    business: access.businessId,
    user: access.userId,
    ...splitInput(input),
  });
  await auditRule(access, 'create', null, doc.toObject() as RuleDoc);
  return toRule(doc.toObject() as RuleDoc);
}

export async function updateRule(access: Access, id: string, input: TRuleInput): Promise<TRule> {
  if (!mongoose.isValidObjectId(id)) throw notFound('Rule');
  assertAllowedType(access, input.type);
  await assertOwnStores(access, input.stores);
  await assertRuleTargets(access, input);
  const doc = await RuleModel.findOneAndUpdate(
    { _id: id, ...mine(access) },
    { $set: splitInput(input) },
    { returnDocument: 'before' },
  ).lean<RuleDoc>();
  if (!doc) throw notFound('Rule');
  const after = await RuleModel.findById(doc._id).lean<RuleDoc>();
  if (!after) throw notFound('Rule');
  // New parameters start a fresh episode: an alert the old settings were holding back may fire again.
  await RuleStateModel.deleteMany({ rule: doc._id, active: true, key: { $not: /:/ } });
  await auditRule(access, 'update', doc, after);
  return toRule(after);
}

export async function deleteRule(access: Access, id: string): Promise<void> {
  if (!mongoose.isValidObjectId(id)) throw notFound('Rule');
  const doc = await RuleModel.findOneAndDelete({ _id: id, ...mine(access) }).lean<RuleDoc>();
  if (!doc) throw notFound('Rule');
  await RuleStateModel.deleteMany({ rule: doc._id });
  await auditRule(access, 'delete', doc, null);
}

export async function getSettings(access: Access): Promise<TNotificationSettings> {
  await ensureDefaultRules(access.businessId, access.userId);
  const doc = await NotificationSettingsModel.findOne({
    business: access.businessId,
    user: access.userId,
  }).lean();
  const q = doc?.quietHours;
  return { quietHours: { enabled: q?.enabled ?? false, start: q?.start ?? '22:00', end: q?.end ?? '07:00' } };
}

export async function updateSettings(
  access: Access,
  input: TNotificationSettings,
): Promise<TNotificationSettings> {
  const before = await getSettings(access);
  await NotificationSettingsModel.updateOne(
    { business: access.businessId, user: access.userId },
    { $set: { quietHours: input.quietHours } },
  );
  const after = await getSettings(access);
  await auditSettings(access, before, after);
  return after;
}
