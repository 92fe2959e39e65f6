// Daily and weekly email summaries at the business's chosen local hour, from the dashboard's rollups, sent once.
import { DateTime } from 'luxon';
import { Types } from 'mongoose';
import { alertText, type TAlertWords, type TRuleInputOf } from '@cx/contracts';
import { env } from '../../config/env';
import { JOB_BATCH_SIZE, READ_BATCH, groupBy } from '../../lib/batches';
import { escapeHtml } from '../../lib/mailer';
import { addDays } from '../../lib/time';
import { RollupModel } from '../analytics/rollup.model';
import { StoreModel } from '../stores/store.model';
import { coversStore, type Access } from '../../tenancy/access';
import { BusinessModel } from '../../tenancy/business.model';
import { claimOnce, deliverAll, forEachRulePage } from './deliver-batch';
import { recipientKey, recipientsOf } from './recipients';
import type { RuleDoc } from './rule.model';

interface StoreFigures {
  name: string;
  ratings: number;
  average: number | null;
  visits: number;
}

interface DueRule {
  rule: RuleDoc;
  /** The rule's member: the figures cover only the stores they cover today. */
  member: Access;
  p: TRuleInputOf<'summary'>;
  key: string;
  from: string;
  to: string;
}

type Row = {
  business: Types.ObjectId;
  store: Types.ObjectId;
  metric: string;
  day: string;
  count?: number;
  scoreSum?: number;
};

/**
 * Ratings, average and visits per store for each due rule's local days [from, to], from the rollups only (like the
 * dashboard): one read of the rows and one of the stores for the whole batch, split per rule in memory.
 */
async function figuresOfBatch(due: DueRule[]): Promise<StoreFigures[][]> {
  const businesses = (list: DueRule[]) =>
    [...new Set(list.map((d) => String(d.rule.business)))].map((id) => new Types.ObjectId(id));
  const clauses = [...groupBy(due, (d) => `${d.from}:${d.to}`).values()].map((list) => ({
    business: { $in: businesses(list) },
    day: { $gte: list[0]!.from, $lte: list[0]!.to },
  }));
  const [rows, stores] = await Promise.all([
    RollupModel.find(
      {
        // the outer business list and day span let a planner use the (business, metric, day) index whatever it
        // makes of $or
        business: { $in: businesses(due) },
        day: {
          $gte: due.reduce((a, d) => (d.from < a ? d.from : a), due[0]!.from),
          $lte: due.reduce((a, d) => (d.to > a ? d.to : a), due[0]!.to),
        },
        staff: null,
        metric: { $in: ['staff', 'experience', 'visit'] },
        ...(clauses.length > 1 ? { $or: clauses } : {}),
      },
      { business: 1, store: 1, metric: 1, day: 1, count: 1, scoreSum: 1 },
    )
      .batchSize(READ_BATCH)
      .lean<Row[]>(),
    StoreModel.find({ business: { $in: businesses(due) }, deletedAt: null }, { name: 1, business: 1 })
      .batchSize(READ_BATCH)
      .lean(),
  ]);
  const rowsOf = groupBy(rows, (r) => String(r.business));
  const storesOf = groupBy(stores, (s) => String(s.business));
  return due.map(({ rule, member, from, to }) => {
    const business = String(rule.business);
    const scope = new Set(rule.stores.map(String));
    const figures = new Map<string, StoreFigures & { sum: number }>();
    for (const s of storesOf.get(business) ?? []) {
      if ((scope.size === 0 || scope.has(String(s._id))) && coversStore(member, String(s._id))) {
        figures.set(String(s._id), { name: s.name, ratings: 0, sum: 0, average: null, visits: 0 });
      }
    }
    for (const r of rowsOf.get(business) ?? []) {
      const f = figures.get(String(r.store));
      if (!f || r.day < from || r.day > to) continue;
      if (r.metric === 'visit') f.visits += r.count ?? 0;
      else {
        f.ratings += r.count ?? 0;
        f.sum += r.scoreSum ?? 0;
      }
    }
    return [...figures.values()].map(({ sum, ...f }) => ({
      ...f,
      average: f.ratings ? sum / f.ratings : null,
    }));
  });
}

function summaryMail(period: string, from: string, to: string, stores: StoreFigures[]) {
  const link = `${env.PUBLIC_WEB_URL}/overview`;
  const avg = (a: number | null) => (a === null ? '–' : a.toFixed(2));
  const rows = stores
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.name)}</td><td>${s.ratings}</td><td>${avg(s.average)}</td><td>${s.visits}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c">
<h2>Your ${period} summary (${from === to ? from : `${from} to ${to}`})</h2>
<table cellpadding="6"><tr><th align="left">Store</th><th>Ratings</th><th>Average</th><th>Visits</th></tr>${rows}</table>
<p><a href="${escapeHtml(link)}">Open the overview</a> · <a href="${escapeHtml(`${env.PUBLIC_WEB_URL}/dashboard`)}">Snapshot</a></p>
</body></html>`;
  const text =
    `Your ${period} summary (${from} to ${to})\n\n` +
    stores
      .map((s) => `${s.name}: ${s.ratings} ratings, average ${avg(s.average)}, ${s.visits} visits`)
      .join('\n') +
    `\n\nOpen the overview: ${link}\n`;
  return { html, text };
}

/** Whether the rule is due at this instant in the zone, and the period key that makes it send once. */
export function dueSummary(
  p: TRuleInputOf<'summary'>,
  at: Date,
  timeZone: string,
): { key: string; from: string; to: string } | null {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  if (local.hour !== p.hour) return null;
  if (p.frequency === 'weekly' && local.weekday !== p.weekday) return null;
  const today = local.toISODate()!;
  const to = addDays(today, -1);
  const from = p.frequency === 'daily' ? to : addDays(today, -7);
  return { key: `${p.frequency}:${today}`, from, to };
}

/** One batch of summary rules: their businesses' zones, the due ones claimed once per period, figures, delivery. */
async function sendBatch(rules: RuleDoc[], now: Date): Promise<number> {
  const businesses = [...new Set(rules.map((r) => String(r.business)))].map((id) => new Types.ObjectId(id));
  // The business's zone, not its owner's or the recipient's: the summary's hour and days are the business's.
  const zones = await BusinessModel.find({ _id: { $in: businesses } }, { timeZone: 1 })
    .batchSize(READ_BATCH)
    .lean();
  const zoneOf = new Map(zones.map((b) => [String(b._id), b.timeZone ?? 'UTC']));
  const members = await recipientsOf(rules);
  const due: DueRule[] = [];
  for (const rule of rules) {
    const zone = zoneOf.get(String(rule.business));
    const member = members.get(recipientKey(rule.business, rule.user));
    if (zone === undefined || !member) continue;
    const p = rule.params as unknown as TRuleInputOf<'summary'>;
    const when = dueSummary(p, now, zone);
    if (when) due.push({ rule, member, p, ...when });
  }
  const won = await claimOnce(
    due.map((d) => ({ rule: d.rule._id, key: d.key })),
    now,
  );
  const claimed = due.filter((_, i) => won[i]);
  if (claimed.length === 0) return 0;
  const figures = await figuresOfBatch(claimed);
  await deliverAll(
    claimed.map(({ rule, p, from, to }, i) => {
      const stores = figures[i]!;
      const ratings = stores.reduce((n, s) => n + s.ratings, 0);
      const weighted = stores.reduce((n, s) => n + (s.average ?? 0) * s.ratings, 0);
      const average = ratings ? weighted / ratings : null;
      return {
        business: rule.business,
        user: rule.user ?? null,
        rule: rule._id,
        type: 'summary' as const,
        email: rule.email,
        subject: `Your ${p.frequency} CX Journey summary`,
        at: now,
        mail: summaryMail(p.frequency, from, to, stores),
        build: (w: TAlertWords) => alertText.summary(w, { period: p.frequency, ratings, average }),
      };
    }),
  );
  return claimed.length;
}

const SUMMARY_RULE_FIELDS = { business: 1, user: 1, params: 1, stores: 1, email: 1 } as const;

/**
 * One pass of the summaries job: every enabled summary rule whose local hour it is, claimed once per period. Rules
 * are read a page at a time, so a pass makes a handful of queries per page however many businesses there are.
 */
export function sendDueSummaries(now = new Date(), batchSize = JOB_BATCH_SIZE): Promise<number> {
  return forEachRulePage('summary', SUMMARY_RULE_FIELDS, (rules) => sendBatch(rules, now), batchSize);
}
