// Batched "send once" for scheduled jobs: claims (rule, key) rows and delivers alerts in a fixed number of queries.
import mongoose from 'mongoose';
import { REALTIME_EVENTS, type TRuleType } from '@cx/contracts';
import { JOB_BATCH_SIZE, READ_BATCH, after, pagesOf } from '../../lib/batches';
import { logger } from '../../lib/logger';
import { sendMailInBackground } from '../../lib/mailer';
import { publishToUser } from '../../lib/realtime';
import { UserModel } from '../users/user.model';
import { NotificationModel, type NotificationDoc } from './notification.model';
import { fanOutAlert } from '../alerts/fan-out';
import {
  ackNonceFor,
  alertMail,
  htmlWords,
  inQuietHours,
  textWords,
  toNotification,
  type Alert,
} from './notify';
import { NotificationSettingsModel, RuleModel, RuleStateModel, type RuleDoc } from './rule.model';
import { mayReceive, recipientKey, recipientsOf } from './recipients';
import { publishAlerts } from './alert-events';

export interface Claim {
  rule: mongoose.Types.ObjectId;
  key: string;
}

/**
 * Which of these (rule, key) rows this caller created: one unordered insert on the unique (rule, key) index, the
 * batched twin of episodes.ts `once()`. A duplicate key means another run (or instance) already sent it.
 */
export async function claimOnce(claims: Claim[], at: Date): Promise<boolean[]> {
  const won = claims.map(() => true);
  if (claims.length === 0) return won;
  try {
    await RuleStateModel.collection.insertMany(
      claims.map((c) => ({ rule: c.rule, key: c.key, active: false, at })),
      { ordered: false },
    );
  } catch (err) {
    for (const i of duplicateIndexes(err)) won[i] = false;
  }
  return won;
}

interface Recipient {
  email: string;
  timeZone?: string | null;
}

/** Which rows of an unordered insert were refused as duplicates of the unique key (anything else is rethrown). */
function duplicateIndexes(err: unknown): Set<number> {
  const raw = (err as { writeErrors?: unknown }).writeErrors;
  if (!raw) throw err;
  const errors = (Array.isArray(raw) ? raw : [raw]) as { index: number; code?: number }[];
  if (errors.some((e) => e.code !== 11000)) throw err;
  return new Set(errors.map((e) => e.index));
}

type Built = {
  alert: Alert;
  to: Parameters<typeof fanOutAlert>[1]['recipient'];
  doc: { ackNonce: string | null };
};

/**
 * Channel posts and escalation of the batch's rule alerts whose rule asks for them (a visit-allowance rule posting to
 * Slack): one read of those rules, then the same idempotent fan-out as deliver(). The member's own email stays with
 * this batch's mail below (email: false), so it is not sent twice.
 */
async function fanOutRouted(built: Built[]): Promise<void> {
  const ruled = built.filter((b) => b.doc.ackNonce && b.alert.rule);
  if (ruled.length === 0) return;
  const routed = await RuleModel.find(
    {
      _id: { $in: [...new Set(ruled.map((b) => String(b.alert.rule)))] },
      $or: [{ 'channels.0': { $exists: true } }, { escalation: { $ne: null } }],
    },
    { _id: 1 },
  ).lean();
  const ids = new Set(routed.map((r) => String(r._id)));
  for (const b of ruled.filter((r) => ids.has(String(r.alert.rule)))) {
    await fanOutAlert(b.doc as unknown as NotificationDoc, {
      recipient: b.to,
      subject: b.alert.subject,
      email: false,
    }).catch((err: unknown) => logger.error({ err: String(err) }, 'alert channel fan-out failed'));
  }
}

/**
 * Delivers many alerts as deliver() does one (to the rule's member if they still cover its store, stored, pushed to
 * their open sessions, emailed unless their quiet hours; a summary's own mail regardless): one read of the
 * memberships, one insert, one read of the recipients and one of their quiet hours in all. An alert with a key
 * already stored (sent by a rating-time check, another run or instance) is skipped, as in deliver(). Returns how many
 * were delivered.
 */
export async function deliverAll(alerts: Alert[]): Promise<number> {
  if (alerts.length === 0) return 0;
  const members = await recipientsOf(alerts);
  const all = alerts.flatMap((alert) => {
    const to = members.get(recipientKey(alert.business, alert.user));
    if (!to || !mayReceive(to, alert)) return [];
    const at = alert.at ?? new Date();
    const html = alert.build(htmlWords);
    const doc = {
      _id: new mongoose.Types.ObjectId(),
      business: alert.business,
      user: new mongoose.Types.ObjectId(to.userId),
      rule: alert.rule,
      type: alert.type,
      message: html,
      text: alert.build(textWords),
      image: alert.image ?? null,
      isUnRead: true,
      createdAt: at,
      ackNonce: ackNonceFor(alert),
      ...(alert.key ? { key: alert.key } : {}),
    };
    return [{ alert, to, at, html, text: doc.text, doc }];
  });
  if (all.length === 0) return 0;
  let refused = new Set<number>();
  try {
    await NotificationModel.collection.insertMany(
      all.map((b) => b.doc),
      { ordered: false },
    );
  } catch (err) {
    refused = duplicateIndexes(err);
  }
  const built = all.filter((_, i) => !refused.has(i));
  await publishAlerts(built.map((b) => ({ doc: b.doc as NotificationDoc, store: b.alert.store })));
  for (const b of built) {
    publishToUser(b.to.userId, REALTIME_EVENTS.notification, toNotification(b.doc as NotificationDoc));
  }
  await fanOutRouted(built);

  const emailed = built.filter((b) => b.alert.email);
  if (emailed.length === 0) return built.length;
  const userIds = [...new Set(emailed.map((b) => b.to.userId))].map((id) => new mongoose.Types.ObjectId(id));
  const businesses = [...new Set(emailed.map((b) => String(b.alert.business)))].map(
    (id) => new mongoose.Types.ObjectId(id),
  );
  const needQuiet = emailed.some((b) => !b.alert.mail);
  const [users, settings] = await Promise.all([
    UserModel.find({ _id: { $in: userIds } }, { email: 1, timeZone: 1 })
      .batchSize(READ_BATCH)
      .lean<(Recipient & { _id: mongoose.Types.ObjectId })[]>(),
    needQuiet
      ? NotificationSettingsModel.find(
          { business: { $in: businesses }, user: { $in: [...userIds, null] } },
          { business: 1, user: 1, quietHours: 1 },
        )
          .batchSize(READ_BATCH)
          .lean()
      : Promise.resolve([]),
  ]);
  const userOf = new Map(users.map((u) => [String(u._id), u]));
  // A member's own settings; the owner's may still be the business's from before teams (no member).
  const quietOf = new Map(
    [...settings]
      .sort((a, b) => Number(!!a.user) - Number(!!b.user))
      .map((s) => [recipientKey(s.business, s.user), s.quietHours]),
  );
  for (const b of emailed) {
    const business = String(b.alert.business);
    const user = userOf.get(b.to.userId);
    if (!user) continue;
    if (b.alert.mail) {
      sendMailInBackground({ to: user.email, subject: b.alert.subject, ...b.alert.mail, devPreview: {} });
      continue;
    }
    const quiet =
      quietOf.get(recipientKey(business, b.to.userId)) ??
      (b.to.role === 'owner' ? quietOf.get(recipientKey(business, null)) : undefined);
    if (quiet && inQuietHours(quiet, b.at, user.timeZone ?? 'UTC')) {
      logger.debug({ business, type: b.alert.type }, 'alert email held back: quiet hours');
      continue;
    }
    sendMailInBackground(alertMail(user.email, b.alert.subject, b.html, b.text));
  }
  return built.length;
}

/**
 * A scheduled job's pass over every enabled rule of one type, a page at a time (a handful of queries per page however
 * many businesses there are). A page that fails is logged and skipped so the rest still send. Returns the sum of what
 * `sendPage` reports sent.
 */
export async function forEachRulePage(
  type: TRuleType,
  fields: Record<string, 1>,
  sendPage: (rules: RuleDoc[]) => Promise<number>,
  batchSize = JOB_BATCH_SIZE,
): Promise<number> {
  let sent = 0;
  const read = (last: mongoose.Types.ObjectId | null, size: number) =>
    RuleModel.find({ type, enabled: true, ...after(last) }, fields)
      .sort({ _id: 1 })
      .limit(size)
      .batchSize(size)
      .lean<RuleDoc[]>();
  for await (const rules of pagesOf(read, batchSize)) {
    try {
      sent += await sendPage(rules);
    } catch (err) {
      logger.error({ err, type, rules: rules.length }, 'rule batch failed');
    }
  }
  return sent;
}
