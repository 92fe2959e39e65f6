// Daily and weekly email summaries at the business's chosen local hour, from the dashboard's rollups, sent once.
import { DateTime } from 'luxon';
import { alertText, type TRuleInputOf } from '@cx/contracts';
import { env } from '../../config/env';
import { logger } from '../../lib/logger';
import { escapeHtml } from '../../lib/mailer';
import { addDays } from '../../lib/time';
import { RollupModel } from '../analytics/rollup.model';
import { StoreModel } from '../stores/store.model';
import { UserModel } from '../users/user.model';
import { once } from './episodes';
import { checkVisitAllowance } from './evaluate';
import { deliver } from './notify';
import { RuleModel, type RuleDoc } from './rule.model';

interface StoreFigures {
  name: string;
  ratings: number;
  average: number | null;
  visits: number;
}

/** Ratings, average and visits per store for the local days [from, to] (rollups only, like the dashboard). */
async function figures(rule: RuleDoc, from: string, to: string): Promise<StoreFigures[]> {
  const rows = await RollupModel.find(
    {
      owner: rule.owner,
      staff: null,
      metric: { $in: ['staff', 'experience', 'visit'] },
      day: { $gte: from, $lte: to },
      ...(rule.stores.length ? { store: { $in: rule.stores } } : {}),
    },
    { store: 1, metric: 1, count: 1, scoreSum: 1 },
  ).lean();
  const stores = await StoreModel.find({ owner: rule.owner, deletedAt: null }, { name: 1 }).lean();
  return stores
    .filter((s) => rule.stores.length === 0 || rule.stores.some((id) => String(id) === String(s._id)))
    .map((s) => {
      const mine = rows.filter((r) => String(r.store) === String(s._id));
      const rated = mine.filter((r) => r.metric !== 'visit');
      const ratings = rated.reduce((n, r) => n + (r.count ?? 0), 0);
      const sum = rated.reduce((n, r) => n + (r.scoreSum ?? 0), 0);
      const visits = mine.filter((r) => r.metric === 'visit').reduce((n, r) => n + (r.count ?? 0), 0);
      return { name: s.name, ratings, average: ratings ? sum / ratings : null, visits };
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

/** One pass of the summaries job: every enabled summary rule whose local hour it is, claimed once per period. */
export async function sendDueSummaries(now = new Date()): Promise<number> {
  let sent = 0;
  const rules = await RuleModel.find({ type: 'summary', enabled: true }).lean<RuleDoc[]>();
  for (const rule of rules) {
    try {
      const user = await UserModel.findById(rule.owner, { timeZone: 1 }).lean();
      if (!user) continue;
      const p = rule.params as unknown as TRuleInputOf<'summary'>;
      const due = dueSummary(p, now, user.timeZone ?? 'UTC');
      if (!due || !(await once(rule._id, due.key, now))) continue;
      const stores = await figures(rule, due.from, due.to);
      const ratings = stores.reduce((n, s) => n + s.ratings, 0);
      const weighted = stores.reduce((n, s) => n + (s.average ?? 0) * s.ratings, 0);
      const average = ratings ? weighted / ratings : null;
      await deliver({
        owner: rule.owner,
        rule: rule._id,
        type: 'summary',
        email: rule.email,
        subject: `Your ${p.frequency} CX Journey summary`,
        at: now,
        mail: summaryMail(p.frequency, due.from, due.to, stores),
        build: (w) => alertText.summary(w, { period: p.frequency, ratings, average }),
      });
      sent += 1;
    } catch (err) {
      logger.error({ err, rule: String(rule._id) }, 'summary failed');
    }
  }
  return sent;
}

/** The scheduler's allowance pass: catches businesses whose visits crossed a threshold without a rating since. */
export async function checkAllVisitAllowances(now = new Date()): Promise<void> {
  const rules = await RuleModel.find({ type: 'visit-allowance', enabled: true }).lean<RuleDoc[]>();
  for (const rule of rules) {
    await checkVisitAllowance(rule, now).catch((err: unknown) =>
      logger.error({ err, rule: String(rule._id) }, 'visit allowance check failed'),
    );
  }
}
