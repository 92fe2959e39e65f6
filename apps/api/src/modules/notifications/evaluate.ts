// Evaluates the members' rules for one accepted rating (each over their stores): bounded indexed queries and rollups, never a raw-ratings scan.
import {
  STAFF_AVERAGE_DAYS,
  alertText,
  mentionedKeyword,
  type TAlertWords,
  type TRuleInputOf,
  type TRuleType,
} from '@cx/contracts';
import { batchedRead, coalescedRead } from '../../lib/coalesce';
import { addDays } from '../../lib/time';
import { minSampleOf } from '../analytics/analytics-settings.model';
import { RollupModel } from '../analytics/rollup.model';
import type { RatingAccepted } from '../feedback/rating-accepted';
import { visitUsageOf } from '../plans/visit-usage';
import { RatingModel } from '../ratings/rating.model';
import { Types } from 'mongoose';
import { coversStore, scopeFilter, type Access } from '../../tenancy/access';
import { StaffModel } from '../staff/staff.model';
import { mayReceive, recipientKey, recipientsOf } from './recipients';
import { episode } from './episodes';
import { deliver } from './notify';
import { ruleFired } from './rule-fired';
import { RuleModel, type RuleDoc } from './rule.model';
import { ensureDefaultRules } from './rules.service';
import { allowanceNotificationKey, crossedThresholds, visitAllowanceAlert } from './visit-allowance-alert';

/** The rule's parameters as its type's schema defines them (validated by the contract on the way in). */
const paramsOf = <T extends TRuleType>(rule: RuleDoc) => rule.params as unknown as TRuleInputOf<T>;

interface Ctx extends RatingAccepted {
  now: Date;
  /** The rated member's name and photo, read once and only by a rule that is about to alert. */
  staff: () => Promise<{ name: string | null; photo: string | null }>;
}

/** The stores a rule's figures cover: its own list, else every store its member covers (never beyond them). */
function storesOfRule(rule: RuleDoc, member: Access): Record<string, unknown> {
  const listed = rule.stores.map(String).filter((s) => coversStore(member, s));
  if (rule.stores.length) return { store: { $in: listed.map((s) => new Types.ObjectId(s)) } };
  const { business: _business, ...stores } = scopeFilter(member);
  return stores;
}

/** One alert per rule and rating: a re-run of the evaluation (the drainer after a crash) cannot store it twice. */
const keyOf = (rule: RuleDoc, c: Ctx) => `${String(rule._id)}:${String(c.rating._id)}`;

/**
 * An alert about the one rating (its person or the experience, its score and comment), delivered once per rule and
 * rating: what the low-rating and keyword rules send.
 */
async function ratingAlert(
  rule: RuleDoc,
  c: Ctx,
  type: 'low-rating' | 'keyword',
  subjectLine: string,
  text: (w: TAlertWords, about: { subject: string; comment: string }) => string,
): Promise<true> {
  const staff = c.rating.kind === 'staff' ? await c.staff() : null;
  const about = {
    subject: staff ? (staff.name ?? 'A staff member') : 'The experience',
    comment: c.rating.comment ?? '',
  };
  await deliver({
    key: keyOf(rule, c),
    business: c.store.business,
    user: rule.user,
    store: c.store._id,
    rule: rule._id,
    type,
    email: rule.email,
    image: staff?.photo ?? null,
    subject: subjectLine,
    at: c.now,
    rating: c.rating._id,
    build: (w) => text(w, about),
  });
  return true;
}

async function lowRating(rule: RuleDoc, c: Ctx): Promise<boolean> {
  const p = paramsOf<'low-rating'>(rule);
  if (c.flagged || c.rating.score > p.maxScore || !p.kinds.includes(c.rating.kind)) return false;
  return ratingAlert(rule, c, 'low-rating', `Low rating at ${c.store.name}`, (w, about) =>
    alertText.lowRating(w, { store: c.store.name, score: c.rating.score, ...about }),
  );
}

/** A rating whose comment or tapped chips mention one of the rule's words or phrases. */
async function keyword(rule: RuleDoc, c: Ctx): Promise<boolean> {
  const p = paramsOf<'keyword'>(rule);
  if (c.flagged || !p.kinds.includes(c.rating.kind)) return false;
  const word =
    mentionedKeyword(p.keywords, c.rating.comment ?? '') ??
    (c.rating.tags ?? []).map((tag) => mentionedKeyword(p.keywords, tag)).find(Boolean);
  if (!word) return false;
  return ratingAlert(rule, c, 'keyword', `“${word}” at ${c.store.name}`, (w, about) =>
    alertText.keyword(w, { store: c.store.name, score: c.rating.score, keyword: word, ...about }),
  );
}

async function lowShareWindow(rule: RuleDoc, c: Ctx): Promise<boolean> {
  const p = paramsOf<'low-share-window'>(rule);
  const since = new Date(c.now.getTime() - p.minutes * 60_000);
  // counted where the ratings are (one row back), not read out: a busy store's window can hold thousands
  const [counts] = await RatingModel.aggregate<{ total: number; low: number }>([
    { $match: { store: c.store._id, createdAt: { $gt: since, $lte: c.now }, 'flag.suspicious': false } },
    {
      $group: {
        _id: null,
        total: { $sum: 1 },
        low: { $sum: { $cond: [{ $lte: ['$score', p.maxScore] }, 1, 0] } },
      },
    },
  ]);
  const total = counts?.total ?? 0;
  const low = counts?.low ?? 0;
  const holds = total >= p.minRatings && low * 100 >= p.percent * total;
  if (!(await episode(rule._id, String(c.store._id), holds, c.now, String(c.rating._id)))) return false;
  await deliver({
    key: keyOf(rule, c),
    business: c.store.business,
    user: rule.user,
    store: c.store._id,
    rule: rule._id,
    type: 'low-share-window',
    email: rule.email,
    subject: `Many low ratings at ${c.store.name}`,
    at: c.now,
    rating: c.rating._id,
    build: (w) =>
      alertText.lowShareWindow(w, {
        store: c.store.name,
        low,
        total,
        minutes: p.minutes,
        maxScore: p.maxScore,
      }),
  });
  return true;
}

async function staffAverage(rule: RuleDoc, c: Ctx, member: Access): Promise<boolean> {
  const p = paramsOf<'staff-average'>(rule);
  if (c.rating.kind !== 'staff' || !c.rating.staff || c.flagged) return false;
  const rows = await RollupModel.find(
    {
      business: c.store.business,
      metric: 'staff',
      staff: c.rating.staff,
      day: { $gte: addDays(c.rating.day, -(STAFF_AVERAGE_DAYS - 1)), $lte: c.rating.day },
      ...storesOfRule(rule, member),
    },
    { count: 1, scoreSum: 1 },
  ).lean();
  const count = rows.reduce((n, r) => n + (r.count ?? 0), 0);
  const sum = rows.reduce((n, r) => n + (r.scoreSum ?? 0), 0);
  const average = count ? sum / count : 0;
  const holds = count >= (await minSampleOf(String(c.store.business))) && average < p.threshold;
  if (!(await episode(rule._id, String(c.rating.staff), holds, c.now, String(c.rating._id)))) return false;
  const staff = await c.staff();
  await deliver({
    key: keyOf(rule, c),
    business: c.store.business,
    user: rule.user,
    store: c.store._id,
    rule: rule._id,
    type: 'staff-average',
    email: rule.email,
    image: staff.photo,
    subject: `${staff.name ?? 'A staff member'}'s average is falling`,
    at: c.now,
    rating: c.rating._id,
    build: (w) =>
      alertText.staffAverage(w, {
        staff: staff.name ?? 'A staff member',
        average,
        count,
        threshold: p.threshold,
      }),
  });
  return true;
}

async function flaggedBurst(rule: RuleDoc, c: Ctx): Promise<boolean> {
  const p = paramsOf<'flagged-burst'>(rule);
  const since = new Date(c.now.getTime() - p.minutes * 60_000);
  const count = await RatingModel.countDocuments({
    business: c.store.business,
    'flag.suspicious': true,
    createdAt: { $gt: since, $lte: c.now },
    store: c.store._id,
  });
  if (!(await episode(rule._id, String(c.store._id), count >= p.count, c.now, String(c.rating._id))))
    return false;
  await deliver({
    key: keyOf(rule, c),
    business: c.store.business,
    user: rule.user,
    store: c.store._id,
    rule: rule._id,
    type: 'flagged-burst',
    email: rule.email,
    subject: `Possible gaming at ${c.store.name}`,
    at: c.now,
    rating: c.rating._id,
    build: (w) => alertText.flaggedBurst(w, { store: c.store.name, count, minutes: p.minutes }),
  });
  return true;
}

/**
 * 80 % and 100 % of the plan's tracked visits in the business's allowance window (the billing module's window, the
 * same one My Subscription shows and the cap applies to): each threshold once per window.
 */
export async function checkVisitAllowance(rule: RuleDoc, now: Date): Promise<void> {
  const usage = await visitUsageOf(rule.business, now);
  for (const percent of crossedThresholds(usage.used, usage.cap)) {
    // The delivery's key is the claim: a crash between a separate claim and the delivery could lose the alert.
    await deliver({
      ...visitAllowanceAlert(rule, { percent, used: usage.used, allowance: usage.cap }, now),
      key: allowanceNotificationKey(rule, usage.from, percent),
    });
  }
}

/** The allowance sum is re-read at most once a minute per business from ratings (the scheduler also checks). */
const allowanceCheckedAt = new Map<string, number>();
const ALLOWANCE_EVERY_MS = 60_000;

async function visitAllowance(rule: RuleDoc, c: Ctx): Promise<void> {
  const key = String(rule._id);
  const last = allowanceCheckedAt.get(key) ?? 0;
  if (c.now.getTime() - last < ALLOWANCE_EVERY_MS && c.now.getTime() >= last) return;
  allowanceCheckedAt.set(key, c.now.getTime());
  await checkVisitAllowance(rule, c.now);
}

/** Each evaluator answers whether its rule fired for the rating (the alert then delivered once per rule and rating). */
const evaluators: Partial<
  Record<TRuleType, (rule: RuleDoc, c: Ctx, member: Access) => Promise<boolean | void>>
> = {
  'low-rating': lowRating,
  'low-share-window': lowShareWindow,
  'staff-average': staffAverage,
  'flagged-burst': flaggedBurst,
  'visit-allowance': visitAllowance,
  keyword,
};

/**
 * The onRatingAccepted reaction: every enabled rule of the business that covers the rating's store, judged as of the
 * rating's own time, so a re-run after a crash reaches the same verdicts and its alerts dedupe by key.
 */
export async function evaluateRating(
  event: RatingAccepted,
  now: Date = event.rating.createdAt ?? new Date(),
): Promise<void> {
  const { store, rating } = event;
  await ensureDefaultRules(store.business);
  // every rating of the business asks: concurrent ones share a read (read-only)
  const rules = await coalescedRead(`rules-evaluated:${String(store.business)}`, () =>
    RuleModel.find({
      business: store.business,
      enabled: true,
      type: { $in: Object.keys(evaluators) as TRuleType[] },
    }).lean<RuleDoc[]>(),
  );
  const members = await recipientsOf(rules);
  // A rule alerts its member (re-read now: a removed member gets nothing) about their stores only.
  const inScope = rules.flatMap((r) => {
    const member = members.get(recipientKey(r.business, r.user));
    const listed = r.stores.length === 0 || r.stores.some((s) => String(s) === String(store._id));
    const about = r.type === 'visit-allowance' ? null : store._id;
    return member && listed && mayReceive(member, { type: r.type, store: about }) ? [{ r, member }] : [];
  });
  if (inScope.length === 0) return;
  let staff: ReturnType<Ctx['staff']> | undefined;
  const readStaff = async () => {
    // concurrent alerts' look-ups share one read
    const member = rating.staff
      ? await batchedRead('staff-name-photo', String(rating.staff), async (ids) => {
          const found = await StaffModel.find({ _id: { $in: ids } }, { name: 1, photo: 1 }).lean();
          return new Map(found.map((s) => [String(s._id), s]));
        })
      : null;
    return { name: member?.name ?? null, photo: member?.photo ?? null };
  };
  const ctx: Ctx = { ...event, now, staff: () => (staff ??= readStaff()) };
  // Each rule on its own: one failing rule must not silence the others.
  // A rule that fired and opens cases tells the cases module (idempotent per rating: one case per rating).
  const results = await Promise.allSettled(
    inScope.map(async ({ r, member }) => {
      const fired = await evaluators[r.type]!(r, ctx, member);
      if (fired && r.openCase) await ruleFired({ rule: r, event });
    }),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Tests: forget when allowances were last checked. */
export function resetAllowanceThrottle(): void {
  allowanceCheckedAt.clear();
}
