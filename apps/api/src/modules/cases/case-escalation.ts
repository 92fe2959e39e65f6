// The escalation job: an overdue open case goes one level up its store's area tree per overdue period, then to the owner and admins; each level once.
import { OPEN_CASE_STATUSES, type TCasePriority } from '@cx/contracts';
import type { Types } from 'mongoose';
import { logger } from '../../lib/logger';
import type { ScheduledJob } from '../../lib/scheduler';
import { AreaModel } from '../../tenancy/area.model';
import { areaTree } from '../../tenancy/area-tree';
import { recordNonMemberAudit } from '../../tenancy/audit';
import { MembershipModel } from '../../tenancy/membership.model';
import { env } from '../../config/env';
import { enqueueDeliveries } from '../alerts/outbox';
import { AlertChannelModel } from '../alerts/alerts.model';
import { deliver } from '../notifications/notify';
import { RuleModel } from '../notifications/rule.model';
import { StoreModel } from '../stores/store.model';
import { caseSettingsOf } from './case-settings';
import { CaseModel, type CaseDoc } from './case.model';

const BATCH = 200;
const HOUR_MS = 3_600_000;

export interface EscalationLevel {
  /** The area escalated to; null for the last level (the owner and admins). */
  area: Types.ObjectId | null;
  name: string;
  users: Types.ObjectId[];
}

/**
 * The store's escalation ladder: each area from the store's own up to (not including) the top area, where some
 * manager is granted it, then the owner and admins. A store with no tree goes straight to the owner and admins.
 */
export async function escalationLevels(
  business: Types.ObjectId,
  store: Types.ObjectId,
): Promise<EscalationLevel[]> {
  const tree = await areaTree(business);
  const path = tree.pathOfStore(String(store)).filter((a) => a !== String(business));
  const [managers, areas, top] = await Promise.all([
    path.length
      ? MembershipModel.find(
          { business, role: 'manager', areas: { $in: path } },
          { user: 1, areas: 1 },
        ).lean()
      : Promise.resolve([]),
    path.length ? AreaModel.find({ business, _id: { $in: path } }, { name: 1 }).lean() : Promise.resolve([]),
    MembershipModel.find({ business, role: { $in: ['owner', 'admin'] } }, { user: 1 })
      .sort({ role: -1, _id: 1 })
      .lean(),
  ]);
  const levels: EscalationLevel[] = [];
  for (const area of path) {
    const users = managers.filter((m) => (m.areas ?? []).some((a) => String(a) === area)).map((m) => m.user);
    const named = areas.find((a) => String(a._id) === area);
    if (users.length && named) levels.push({ area: named._id, name: named.name, users });
  }
  levels.push({ area: null, name: 'the owner and admins', users: top.map((m) => m.user) });
  return levels;
}

/** One case's next level: the notices first (keyed per case, level and member), then the claim, which records it once. */
async function escalate(doc: CaseDoc, now: Date): Promise<boolean> {
  const levels = await escalationLevels(doc.business, doc.store);
  const level = (doc.escalationLevel ?? 0) + 1;
  const target = levels[level - 1];
  if (!target) {
    await CaseModel.updateOne(
      { _id: doc._id, nextEscalationAt: doc.nextEscalationAt },
      { $set: { nextEscalationAt: null } },
    );
    return false;
  }
  const [settings, store] = await Promise.all([
    caseSettingsOf(doc.business),
    StoreModel.findById(doc.store, { name: 1 }).lean(),
  ]);
  const storeName = store?.name ?? 'a store';
  const subject = `Case #${doc.number} at ${storeName} is overdue`;
  for (const user of target.users)
    await deliver({
      key: `case-escalation:${String(doc._id)}:${level}:${String(user)}`,
      business: doc.business,
      user,
      store: doc.store,
      rule: null,
      rating: doc.rating ?? null,
      type: 'case-escalated',
      email: true,
      subject,
      at: now,
      build: (w) =>
        `${w.em(`Case #${doc.number}`)} at ${w.em(storeName)} is overdue (${w.em(doc.summary)}, owner ${w.em(
          doc.ownerName ?? 'nobody',
        )}): escalated to ${w.em(target.name)}.`,
    });
  await postToRuleChannels(doc, level, subject, `Escalated to ${target.name}: ${doc.summary}`, now);
  const previous = doc.nextEscalationAt ? new Date(doc.nextEscalationAt).getTime() : now.getTime();
  const next =
    level < levels.length
      ? new Date(previous + settings.slaHours[doc.priority as TCasePriority] * HOUR_MS)
      : null;
  const claimed = await CaseModel.updateOne(
    {
      _id: doc._id,
      escalationLevel: doc.escalationLevel ?? 0,
      nextEscalationAt: doc.nextEscalationAt,
      status: { $in: OPEN_CASE_STATUSES },
    },
    {
      $set: { escalationLevel: level, escalatedTo: target.area, nextEscalationAt: next },
      $push: {
        history: { at: now, actor: 'System', action: 'escalated', summary: `Escalated to ${target.name}` },
      },
    },
  );
  if (claimed.modifiedCount !== 1) return false;
  await recordNonMemberAudit(
    String(doc.business),
    'System',
    {
      kind: 'case',
      action: 'case.escalated',
      summary: `Case #${doc.number}: escalated to ${target.name}`,
      store: { _id: doc.store, name: store?.name ?? null },
      after: { escalationLevel: level },
    },
    now,
  );
  return true;
}

/**
 * A case a rule opened also goes to that rule's alert channels (Slack, Teams, email lists), once per level: the outbox
 * rows are keyed by case and level, so a re-run after a crash queues nothing twice.
 */
async function postToRuleChannels(doc: CaseDoc, level: number, title: string, text: string, now: Date) {
  if (!doc.rule) return;
  const rule = await RuleModel.findById(doc.rule, { channels: 1 }).lean();
  if (!rule?.channels?.length) return;
  const channels = await AlertChannelModel.find({
    _id: { $in: rule.channels },
    business: doc.business,
  }).lean();
  await enqueueDeliveries({
    business: doc.business,
    notification: null,
    key: `case-escalation:${String(doc._id)}:${level}`,
    channels,
    post: {
      title,
      text,
      context: `CX Journey case #${doc.number} · ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      link: `${env.PUBLIC_WEB_URL}/cases/${String(doc._id)}`,
      linkLabel: 'Open the case',
      ackUrl: null,
    },
    notBefore: now,
  });
}

/** The job: every open case whose next escalation is due; returns how many escalated. */
export async function escalateDueCases(now: Date = new Date()): Promise<number> {
  const due = await CaseModel.find({
    nextEscalationAt: { $lte: now },
    status: { $in: OPEN_CASE_STATUSES },
  })
    .sort({ nextEscalationAt: 1 })
    .limit(BATCH)
    .lean<CaseDoc[]>();
  let escalated = 0;
  for (const doc of due) {
    try {
      if (await escalate(doc, now)) escalated += 1;
    } catch (err) {
      logger.error({ err, case: String(doc._id) }, 'case escalation failed');
    }
  }
  return escalated;
}

export function caseJobs(now: () => Date = () => new Date()): ScheduledJob[] {
  return [
    { name: 'cases:escalations', every: '1 minute', run: async () => void (await escalateDueCases(now())) },
  ];
}
