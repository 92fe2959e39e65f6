// The retention job: contact details are kept while their case is open plus the business's retention, then erased;
// a request that never got a case is erased the retention after it was made.
import { DEFAULT_CASE_SETTINGS } from '@cx/contracts';
import type { Types } from 'mongoose';
import type { ScheduledJob } from '../../lib/scheduler';
import { CaseModel } from './case.model';
import { CaseSettingsModel } from './case-settings';
import { eraseContactRequests } from './contact-erase';
import { ContactRequestModel } from './contact.model';

const DAY_MS = 24 * 3600 * 1000;
/** Requests looked at per pass (a backlog is worked through by the next passes). */
const BATCH = 500;

/** Each business's retention in days (the defaults until a business saves its own). */
async function retentionDaysOf(businesses: readonly Types.ObjectId[]): Promise<Map<string, number>> {
  const docs = await CaseSettingsModel.find(
    { business: { $in: [...businesses] } },
    { business: 1, retentionDays: 1 },
  ).lean();
  const out = new Map<string, number>();
  for (const d of docs) if (typeof d.retentionDays === 'number') out.set(String(d.business), d.retentionDays);
  return out;
}

/** Requests whose case ended at least the retention ago (eraseAt set by the case when it was resolved or closed). */
async function eraseEnded(now: Date): Promise<number> {
  const due = await ContactRequestModel.find({ eraseAt: { $lte: now }, erasedAt: null }, { _id: 1 })
    .limit(BATCH)
    .lean();
  return eraseContactRequests(
    due.map((d) => d._id),
    now,
    'retention',
  );
}

/** Requests older than their business's retention that no case ever took up. */
async function eraseWithoutCase(now: Date): Promise<number> {
  // The shortest retention a business can set is one day: nothing younger can be due.
  const old = await ContactRequestModel.find(
    { erasedAt: null, eraseAt: null, createdAt: { $lte: new Date(now.getTime() - DAY_MS) } },
    { _id: 1, business: 1, createdAt: 1 },
  )
    .sort({ createdAt: 1 })
    .limit(BATCH)
    .lean();
  if (!old.length) return 0;
  const days = await retentionDaysOf([...new Map(old.map((o) => [String(o.business), o.business])).values()]);
  const expired = old.filter((o) => {
    const keep = days.get(String(o.business)) ?? DEFAULT_CASE_SETTINGS.retentionDays;
    return o.createdAt.getTime() + keep * DAY_MS <= now.getTime();
  });
  if (!expired.length) return 0;
  const withCase = await CaseModel.find(
    { contact: { $in: expired.map((o) => o._id) } },
    { contact: 1 },
  ).lean();
  const taken = new Set(withCase.map((c) => String(c.contact)));
  return eraseContactRequests(
    expired.filter((o) => !taken.has(String(o._id))).map((o) => o._id),
    now,
    'retention',
  );
}

/** One pass; answers how many requests it erased. */
export async function eraseExpiredContacts(now = new Date()): Promise<number> {
  return (await eraseEnded(now)) + (await eraseWithoutCase(now));
}

export function retentionJobs(now: () => Date = () => new Date()): ScheduledJob[] {
  return [
    { name: 'cases:retention', every: '1 hour', run: async () => void (await eraseExpiredContacts(now())) },
  ];
}
