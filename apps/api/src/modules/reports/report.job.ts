// The scheduled reports job: each member's due reports at 08:00 local, claimed once by a unique sent-marker.
import { REPORT_PERIODS, type TReportPeriod } from '@cx/contracts';
import { Types } from 'mongoose';
import { JOB_BATCH_SIZE } from '../../lib/batches';
import { logger } from '../../lib/logger';
import type { ScheduledJob } from '../../lib/scheduler';
import { accessFromMembership } from '../../tenancy/access';
import { BusinessModel } from '../../tenancy/business.model';
import { MembershipModel } from '../../tenancy/membership.model';
import { assertSubscribed } from '../../tenancy/subscription';
import { UserModel } from '../users/user.model';
import { ReportPreferenceModel, ReportSendModel, type ReportPreferenceDoc } from './report.model';
import { dueReport } from './report.period';
import { mailReport, zoneOf } from './reports.service';

const isDuplicate = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

async function subscribed(business: string, now: Date): Promise<boolean> {
  try {
    await assertSubscribed(business, now);
    return true;
  } catch {
    return false;
  }
}

/** One page of preferences: the members' zones and memberships read once, then each due report claimed and sent. */
async function sendPage(prefs: ReportPreferenceDoc[], now: Date): Promise<number> {
  const ids = (key: 'user' | 'business') =>
    [...new Set(prefs.map((p) => String(p[key])))].map((id) => new Types.ObjectId(id));
  const [users, businesses, memberships] = await Promise.all([
    UserModel.find({ _id: { $in: ids('user') } }, { email: 1, timeZone: 1 }).lean(),
    BusinessModel.find({ _id: { $in: ids('business') } }, { timeZone: 1 }).lean(),
    MembershipModel.find({ user: { $in: ids('user') }, business: { $in: ids('business') } }).lean(),
  ]);
  const userOf = new Map(users.map((u) => [String(u._id), u]));
  const businessOf = new Map(businesses.map((b) => [String(b._id), b]));
  const memberOf = new Map(memberships.map((m) => [`${String(m.business)}:${String(m.user)}`, m]));
  const paying = new Map<string, boolean>();
  let sent = 0;
  for (const pref of prefs) {
    const user = userOf.get(String(pref.user));
    const business = businessOf.get(String(pref.business));
    const membership = memberOf.get(`${String(pref.business)}:${String(pref.user)}`);
    if (!user || !business || !membership) continue; // no longer a member: nothing to report on
    const zone = zoneOf(user, business);
    const periods = REPORT_PERIODS.filter((p: TReportPeriod) => pref[p] && dueReport(p, now, zone));
    if (!periods.length) continue;
    const bid = String(pref.business);
    if (!paying.has(bid)) paying.set(bid, await subscribed(bid, now));
    if (!paying.get(bid)) continue;
    const access = await accessFromMembership(String(pref.user), membership);
    for (const period of periods) {
      const days = dueReport(period, now, zone)!;
      let marker;
      try {
        marker = await ReportSendModel.create({
          business: pref.business,
          user: pref.user,
          period,
          key: days.from,
          ...days,
          sentAt: now,
        });
      } catch (err) {
        if (isDuplicate(err)) continue; // already sent by an earlier run or another instance
        throw err;
      }
      try {
        await mailReport(access, user.email, period, days, marker._id, now);
        sent += 1;
      } catch (err) {
        // give the claim back so the next run (within the same local day) tries again
        await ReportSendModel.deleteOne({ _id: marker._id });
        logger.error(
          { err: err instanceof Error ? err.message : String(err), period },
          'scheduled report failed',
        );
      }
    }
  }
  return sent;
}

/** One pass: every member with a report on, a page at a time. Returns how many reports went out. */
export async function sendDueReports(now = new Date(), batchSize = JOB_BATCH_SIZE): Promise<number> {
  let after: Types.ObjectId | null = null;
  let sent = 0;
  for (;;) {
    const page: ReportPreferenceDoc[] = await ReportPreferenceModel.find({
      $or: [{ daily: true }, { weekly: true }, { monthly: true }],
      ...(after ? { _id: { $gt: after } } : {}),
    })
      .sort({ _id: 1 })
      .limit(batchSize)
      .lean<ReportPreferenceDoc[]>();
    if (!page.length) return sent;
    sent += await sendPage(page, now);
    after = page.at(-1)!._id;
    if (page.length < batchSize) return sent;
  }
}

export interface ReportJobOptions {
  every?: string;
  /** Tests move the clock to a chosen local hour. */
  now?: () => Date;
}

export function reportJobs(opts: ReportJobOptions = {}): ScheduledJob[] {
  const now = opts.now ?? (() => new Date());
  return [
    {
      name: 'reports:scheduled',
      every: opts.every ?? '15 minutes',
      run: async () => void (await sendDueReports(now())),
    },
  ];
}
