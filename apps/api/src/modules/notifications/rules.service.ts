// Alert rules: CRUD for the owner (stores checked against theirs), the default set, and the quiet-hours settings.
import mongoose from 'mongoose';
import { DEFAULT_RULE_TYPES, NEW_RULE } from '@cx/contracts';
import type { TNotificationSettings, TRule, TRuleInput } from '@cx/contracts';
import { notFound } from '../../lib/errors';
import { StoreModel } from '../stores/store.model';
import { NotificationSettingsModel, RuleModel, RuleStateModel, type RuleDoc } from './rule.model';

export const DEFAULT_RULES: TRuleInput[] = DEFAULT_RULE_TYPES.map((type) => NEW_RULE[type]);

function splitInput(input: TRuleInput) {
  const { type, enabled, stores, email, ...params } = input;
  return { type, enabled, stores, email, params };
}

export function toRule(doc: RuleDoc): TRule {
  return {
    ...(doc.params as object),
    type: doc.type,
    enabled: doc.enabled,
    stores: (doc.stores ?? []).map(String),
    email: doc.email,
    _id: String(doc._id),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  } as TRule;
}

/**
 * Creates the default rules the first time a business is seen here (sign-up, the settings page, or its first
 * rating), for new and existing businesses alike. The settings upsert is atomic: only the call that sets
 * `defaultsAt` inserts the rules, so two instances racing cannot double them.
 */
const seeded = new Set<string>();

export async function ensureDefaultRules(business: string | mongoose.Types.ObjectId): Promise<void> {
  const key = String(business);
  if (seeded.has(key)) return;
  const businessId = new mongoose.Types.ObjectId(key);
  let before: { defaultsAt?: Date | null } | null;
  try {
    before = await NotificationSettingsModel.findOneAndUpdate(
      { business: businessId, defaultsAt: null },
      { $set: { defaultsAt: new Date() }, $setOnInsert: { business: businessId } },
      { upsert: true, returnDocument: 'before' },
    ).lean();
  } catch (err) {
    // A racing call inserted the settings first (duplicate key): it owns the defaults.
    if ((err as { code?: unknown }).code !== 11000) throw err;
    seeded.add(key);
    return;
  }
  if (!before?.defaultsAt) {
    await RuleModel.insertMany(DEFAULT_RULES.map((r) => ({ business: businessId, ...splitInput(r) })));
  }
  seeded.add(key);
}

async function assertOwnStores(business: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await StoreModel.countDocuments({ business, _id: { $in: ids }, deletedAt: null });
  if (found !== new Set(ids).size) throw notFound('Store');
}

export async function listRules(business: string): Promise<TRule[]> {
  await ensureDefaultRules(business);
  const docs = await RuleModel.find({ business }).sort({ createdAt: 1, _id: 1 }).lean<RuleDoc[]>();
  return docs.map(toRule);
}

export async function createRule(business: string, input: TRuleInput): Promise<TRule> {
  await ensureDefaultRules(business);
  await assertOwnStores(business, input.stores);
  const doc = await RuleModel.create({ business, ...splitInput(input) });
  return toRule(doc.toObject() as RuleDoc);
}

export async function updateRule(business: string, id: string, input: TRuleInput): Promise<TRule> {
  await assertOwnStores(business, input.stores);
  const doc = await RuleModel.findOneAndUpdate(
    { _id: id, business },
    { $set: splitInput(input) },
    { returnDocument: 'after' },
  ).lean<RuleDoc>();
  if (!doc) throw notFound('Rule');
  // New parameters start a fresh episode: an alert the old settings were holding back may fire again.
  await RuleStateModel.deleteMany({ rule: doc._id, active: true, key: { $not: /:/ } });
  return toRule(doc);
}

export async function deleteRule(business: string, id: string): Promise<void> {
  const doc = await RuleModel.findOneAndDelete({ _id: id, business }).lean();
  if (!doc) throw notFound('Rule');
  await RuleStateModel.deleteMany({ rule: doc._id });
}

export async function getSettings(business: string): Promise<TNotificationSettings> {
  await ensureDefaultRules(business);
  const doc = await NotificationSettingsModel.findOne({ business }).lean();
  const q = doc?.quietHours;
  return { quietHours: { enabled: q?.enabled ?? false, start: q?.start ?? '22:00', end: q?.end ?? '07:00' } };
}

export async function updateSettings(
  business: string,
  input: TNotificationSettings,
): Promise<TNotificationSettings> {
  await ensureDefaultRules(business);
  await NotificationSettingsModel.updateOne({ business }, { $set: { quietHours: input.quietHours } });
  return getSettings(business);
}
