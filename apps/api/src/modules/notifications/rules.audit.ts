// Audit entries for alert rules and quiet hours: "Added a low rating alert for Soho", "Turned on quiet hours".
import type { TNotificationSettings, TRuleType } from '@cx/contracts';
import type { Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { StoreModel } from '../stores/store.model';
import type { RuleDoc } from './rule.model';

const RULE_NAMES: Record<TRuleType, string> = {
  'low-rating': 'low rating alert',
  'low-share-window': 'many low ratings alert',
  'staff-average': 'staff average alert',
  'flagged-burst': 'possible gaming alert',
  'visit-allowance': 'visit allowance alert',
  'below-target': 'below target alert',
  keyword: 'keyword alert',
  summary: 'summary email',
};

const small = (r: RuleDoc) => ({
  type: r.type,
  enabled: r.enabled,
  email: r.email,
  stores: (r.stores ?? []).length,
  ...(r.params as Record<string, unknown>),
});

/** The rule's stores in words, and the store to file the entry under when it names exactly one. */
async function whereOf(access: Access, r: RuleDoc) {
  const ids = (r.stores ?? []).map(String);
  if (ids.length === 0) return { words: 'all your stores', store: null };
  const stores = await StoreModel.find(
    { business: access.businessId, _id: { $in: ids } },
    { name: 1 },
  ).lean();
  const names = stores.map((s) => s.name).sort();
  return {
    words: names.length <= 2 ? names.join(' and ') : `${names.length} stores`,
    store: stores.length === 1 ? stores[0]! : null,
  };
}

export async function auditRule(
  access: Access,
  what: 'create' | 'update' | 'delete',
  before: RuleDoc | null,
  after: RuleDoc | null,
): Promise<void> {
  const rule = (after ?? before)!;
  const name = RULE_NAMES[rule.type];
  const where = await whereOf(access, rule);
  let summary: string;
  if (what === 'create') summary = `Added a ${name} for ${where.words}`;
  else if (what === 'delete') summary = `Removed the ${name} for ${where.words}`;
  else if (before && after && before.enabled !== after.enabled)
    summary = `Turned ${after.enabled ? 'on' : 'off'} the ${name} for ${where.words}`;
  else summary = `Changed the ${name} for ${where.words}`;
  await recordAudit(access, {
    kind: 'notification-rule',
    action: `notification-rule.${what}`,
    summary,
    store: where.store,
    before: before ? small(before) : null,
    after: after ? small(after) : null,
  });
}

export async function auditSettings(
  access: Access,
  before: TNotificationSettings,
  after: TNotificationSettings,
): Promise<void> {
  const [b, a] = [before.quietHours, after.quietHours];
  if (JSON.stringify(b) === JSON.stringify(a)) return;
  const hours = `${a.start}–${a.end}`;
  const summary =
    b.enabled !== a.enabled
      ? `Turned ${a.enabled ? `on email quiet hours (${hours})` : 'off email quiet hours'}`
      : `Changed email quiet hours to ${hours}`;
  await recordAudit(access, {
    kind: 'settings',
    action: 'notifications.settings',
    summary,
    before: b,
    after: a,
  });
}
