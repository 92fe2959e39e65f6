// "Below target for N days": once a store's local day has closed, its last N days against its target, alerted once.
import { Types } from 'mongoose';
import { alertText, type TRuleInputOf, type TTargetMetric } from '@cx/contracts';
import { JOB_BATCH_SIZE, READ_BATCH } from '../../lib/batches';
import { addDays, localDay } from '../../lib/time';
import { RollupModel } from '../analytics/rollup.model';
import { StoreModel } from '../stores/store.model';
import { effectiveTarget, indexTargets, loadTargets } from '../targets/targets.service';
import { coversStore } from '../../tenancy/access';
import { claimOnce, deliverAll, forEachRulePage } from './deliver-batch';
import type { Alert } from './notify';
import { recipientKey, recipientsOf } from './recipients';
import type { RuleDoc } from './rule.model';

type DayAgg = { count: number; sum: number; happy: number; staff: number };

/**
 * One closed day's figure for the metric; null when a score has no ratings that day (no evidence either way). Volumes
 * are per week like their targets: the day's count × 7.
 */
export function dayFigure(metric: TTargetMetric, d: DayAgg | undefined): number | null {
  const a = d ?? { count: 0, sum: 0, happy: 0, staff: 0 };
  if (metric === 'average') return a.count ? a.sum / a.count : null;
  if (metric === 'happy') return a.count ? (a.happy / a.count) * 100 : null;
  return (metric === 'volume' ? a.count : a.staff) * 7;
}

const below = (metric: TTargetMetric, d: DayAgg | undefined, target: number) => {
  const v = dayFigure(metric, d);
  return v !== null && v < target;
};

const format = (metric: TTargetMetric, v: number | null) =>
  v === null
    ? '–'
    : metric === 'average'
      ? v.toFixed(2)
      : metric === 'happy'
        ? `${v.toFixed(1)}%`
        : v.toFixed(0);

type Candidate = {
  rule: RuleDoc;
  p: TRuleInputOf<'below-target'>;
  store: { id: string; name: string };
  day: string;
};

/**
 * Fires on the day the streak reaches N (the last N closed days all below, the day before them not), so a store
 * that stays below is alerted once per streak, not every day after.
 */
async function evaluate(business: string, due: Candidate[], now: Date): Promise<Alert[]> {
  const { tree, targets } = await loadTargets(business);
  const index = indexTargets(targets);
  const maxDays = Math.max(...due.map((c) => c.p.days));
  const latest = due.reduce((a, c) => (c.day > a ? c.day : a), due[0]!.day);
  const earliest = due.reduce((a, c) => (c.day < a ? c.day : a), due[0]!.day);
  const rows = await RollupModel.find(
    {
      business,
      store: { $in: [...new Set(due.map((c) => c.store.id))].map((id) => new Types.ObjectId(id)) },
      staff: null,
      metric: { $in: ['staff', 'experience'] },
      day: { $gte: addDays(earliest, -maxDays), $lte: latest },
    },
    { store: 1, metric: 1, day: 1, count: 1, scoreSum: 1, d4: 1, d5: 1 },
  )
    .batchSize(READ_BATCH)
    .lean();
  const days = new Map<string, DayAgg>();
  for (const r of rows) {
    const key = `${String(r.store)}:${r.day}`;
    const a = days.get(key) ?? { count: 0, sum: 0, happy: 0, staff: 0 };
    a.count += r.count ?? 0;
    a.sum += r.scoreSum ?? 0;
    a.happy += (r.d4 ?? 0) + (r.d5 ?? 0);
    if (r.metric === 'staff') a.staff += r.count ?? 0;
    days.set(key, a);
  }
  const alerts: Alert[] = [];
  for (const c of due) {
    const { value: target } = effectiveTarget(tree, index, c.store.id, c.p.metric);
    if (target === null) continue;
    const at = (n: number) => days.get(`${c.store.id}:${addDays(c.day, -n)}`);
    const streak = Array.from({ length: c.p.days }, (_, n) => n).every((n) =>
      below(c.p.metric, at(n), target),
    );
    if (!streak || below(c.p.metric, at(c.p.days), target)) continue;
    const actual = format(c.p.metric, dayFigure(c.p.metric, at(0)));
    alerts.push({
      business: c.rule.business,
      user: c.rule.user ?? null,
      store: c.store.id,
      rule: c.rule._id,
      type: 'below-target',
      email: c.rule.email,
      subject: `${c.store.name} is below target`,
      at: now,
      key: `below-target:${String(c.rule._id)}:${c.store.id}:${c.day}`,
      build: (w) =>
        alertText.belowTarget(w, {
          store: c.store.name,
          metric: c.p.metric,
          days: c.p.days,
          actual,
          target: format(c.p.metric, target),
        }),
    });
  }
  return alerts;
}

/** One page of rules: each rule's stores whose last local day has closed and was not yet checked for it. */
async function checkBatch(rules: RuleDoc[], now: Date): Promise<number> {
  const members = await recipientsOf(rules);
  const businesses = [...new Set(rules.map((r) => String(r.business)))];
  const stores = await StoreModel.find(
    { business: { $in: businesses.map((b) => new Types.ObjectId(b)) }, deletedAt: null },
    { name: 1, business: 1, timeZone: 1 },
  )
    .batchSize(READ_BATCH)
    .lean();
  const candidates: Candidate[] = [];
  for (const rule of rules) {
    const member = members.get(recipientKey(rule.business, rule.user));
    if (!member) continue;
    const chosen = new Set(rule.stores.map(String));
    for (const s of stores) {
      const id = String(s._id);
      if (String(s.business) !== String(rule.business)) continue;
      if ((chosen.size && !chosen.has(id)) || !coversStore(member, id)) continue;
      // the store's last closed day: yesterday in its own zone
      const day = addDays(localDay(now, s.timeZone), -1);
      candidates.push({
        rule,
        p: rule.params as unknown as TRuleInputOf<'below-target'>,
        store: { id, name: s.name },
        day,
      });
    }
  }
  const won = await claimOnce(
    candidates.map((c) => ({ rule: c.rule._id, key: `${c.store.id}:${c.day}` })),
    now,
  );
  const claimed = candidates.filter((_, i) => won[i]);
  const alerts: Alert[] = [];
  for (const business of businesses) {
    const mine = claimed.filter((c) => String(c.rule.business) === business);
    if (mine.length) alerts.push(...(await evaluate(business, mine, now)));
  }
  return deliverAll(alerts);
}

const FIELDS = { business: 1, user: 1, params: 1, stores: 1, email: 1 } as const;

/** One pass of the job: every enabled below-target rule, each store checked once per closed local day. */
export function checkBelowTargets(now = new Date(), batchSize = JOB_BATCH_SIZE): Promise<number> {
  return forEachRulePage('below-target', FIELDS, (rules) => checkBatch(rules, now), batchSize);
}
