// The demo chain's story, so a buyer sees the problems the product solves: a star store, a struggling one, a store whose
// queue complaints fall after a rota change, bad visits with complaints, alerts (fired, acknowledged, escalated), clicks.
import { DateTime } from 'luxon';
import type { Types } from 'mongoose';
import { acknowledgeInApp } from '../modules/alerts/acknowledge';
import { escalateDueAlerts } from '../modules/alerts/escalation';
import { evaluateRating } from '../modules/notifications/evaluate';
import { NotificationModel } from '../modules/notifications/notification.model';
import { RuleModel } from '../modules/notifications/rule.model';
import { ensureDefaultRules } from '../modules/notifications/rules.service';
import { RatingModel, type RatingDoc } from '../modules/ratings/rating.model';
import { accessFromMembership } from '../tenancy/access';
import { MembershipModel } from '../tenancy/membership.model';
import { UserModel } from '../modules/users/user.model';

/** DEMO_STORES indexes: Covent Garden is the star, SoHo the recovery story, Sydney the store that struggles. */
export const STAR_STORE = 0;
export const RECOVERY_STORE = 1;
export const STRUGGLING_STORE = 2;

/** Each store's shift of the star score (before the rota change for the recovery store). */
const MOOD = [0.45, 0.1, -0.85] as const;
const RECOVERY_BEFORE = -0.75;
/** Any visit can go wrong: this share of ratings is a 1 or 2 whatever the store. */
export const BAD_VISIT_SHARE = 0.03;
/** The recovery store added a lunchtime shift every day this many days ago (a Monday in its own time zone). */
const ROTA_CHANGE_DAYS_AGO = 24;
/** Share of the recovery store's 1–2★ comments about the queue before the change. */
const QUEUE_SHARE_BEFORE = 0.6;

/** The Monday (store-local midnight) the recovery store's new rota starts. */
export function rotaChangeAt(now: Date, timeZone: string): Date {
  return DateTime.fromJSDate(new Date(now.getTime() - ROTA_CHANGE_DAYS_AGO * 86_400_000), { zone: timeZone })
    .startOf('week')
    .toJSDate();
}

/** The star score of one visit: the person's own level, the store's mood, chance; now and then a bad visit. */
export function storyScore(
  rand: () => number,
  opts: { store: number; personBias: number; at: Date; rotaChange: Date },
): number {
  const recovering = opts.store === RECOVERY_STORE && opts.at < opts.rotaChange;
  const mood = recovering ? RECOVERY_BEFORE : (MOOD[opts.store] ?? 0);
  const score = Math.max(1, Math.min(5, Math.round(2.6 + opts.personBias + mood + rand() * 2.6)));
  if (rand() < BAD_VISIT_SHARE) return rand() < 0.5 ? 1 : 2;
  return score;
}

export const QUEUE_COMPLAINTS = {
  en: [
    'Queue out of the door at lunchtime and only one person serving. Awful.',
    'Waited ages in the queue again, lunchtime is hopeless here.',
    'Terrible queue, fifteen minutes for a latte. Not good enough.',
    'Long wait at lunch, so frustrating. They need more people behind the counter.',
  ],
  es: [
    'Una cola horrible a mediodía y solo una persona atendiendo.',
    'Otra vez mucha cola, a la hora de comer es imposible.',
    'Fatal, esperé quince minutos en la cola para un café.',
  ],
} as const;

/**
 * Before the recovery store's rota change, most of its 1–2★ comments are about the queue; null leaves the comment to
 * the usual bank (after the change the queue only comes up as often as anywhere else).
 */
export function storyComment(
  rand: () => number,
  opts: { store: number; score: number; at: Date; rotaChange: Date; spanishShare: number },
): string | null {
  if (opts.store !== RECOVERY_STORE || opts.at >= opts.rotaChange || opts.score > 2) return null;
  if (rand() >= QUEUE_SHARE_BEFORE) return null;
  const bank = rand() < opts.spanishShare ? QUEUE_COMPLAINTS.es : QUEUE_COMPLAINTS.en;
  return bank[Math.floor(rand() * bank.length)] ?? bank[0];
}

/** A QR visit that went on to a social link (about one in six ratings), on one of the store's own networks. */
export function socialClick(rand: () => number, links: Record<string, string | null>): string | null {
  const networks = Object.entries(links)
    .filter(([, url]) => Boolean(url))
    .map(([network]) => network);
  if (networks.length === 0 || rand() >= 0.16) return null;
  return networks[Math.floor(rand() * networks.length)] ?? null;
}

/** The last this-many low ratings go through the real alert rules; the oldest two are acknowledged in time. */
const ALERTED = 6;
const ACKNOWLEDGED = 2;
const ESCALATE_AFTER_MINUTES = 30;

/**
 * Alerts as the rules would have raised them: the owner's default rules (no email: the demo's addresses are not real
 * mailboxes) escalate to the Admin after 30 minutes; the owner acknowledged the oldest two, the rest escalated.
 */
export async function addDemoAlerts(
  business: Types.ObjectId,
  stores: Array<{ _id: Types.ObjectId; business: Types.ObjectId; name: string; timeZone: string }>,
  adminEmail: string,
  now: Date,
): Promise<void> {
  await ensureDefaultRules(business);
  const owner = await MembershipModel.findOne({ business, role: 'owner' }).lean();
  const admin = await UserModel.findOne({ email: adminEmail }, { _id: 1 }).lean();
  if (!owner || !admin) return;
  await RuleModel.updateMany({ business, user: owner.user }, { $set: { email: false } });
  await RuleModel.updateOne(
    { business, user: owner.user, type: 'low-rating' },
    { $set: { escalation: { afterMinutes: ESCALATE_AFTER_MINUTES, to: String(admin._id) } } },
  );
  const low = await RatingModel.find({ business, score: { $lte: 2 }, createdAt: { $lte: now } })
    .sort({ createdAt: -1 })
    .limit(ALERTED)
    .lean<RatingDoc[]>();
  for (const rating of low.reverse()) {
    const store = stores.find((s) => s._id.equals(rating.store));
    if (store) await evaluateRating({ rating, store, flagged: false }, rating.createdAt);
  }
  const access = await accessFromMembership(String(owner.user), owner);
  const alerts = await NotificationModel.find(
    { business, user: owner.user, type: 'low-rating', escalationOf: null },
    { createdAt: 1 },
  )
    .sort({ createdAt: 1 })
    .lean();
  for (const alert of alerts.slice(0, ACKNOWLEDGED)) {
    // A demo seeded for a day long past (tests) has its alerts removed by the retention TTL as they are written.
    await acknowledgeInApp(
      access,
      String(alert._id),
      new Date(alert.createdAt.getTime() + 12 * 60_000),
    ).catch((err: unknown) => {
      if ((err as { status?: number }).status !== 404) throw err;
    });
  }
  await escalateDueAlerts(now);
}
