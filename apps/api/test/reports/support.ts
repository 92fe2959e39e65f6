// A business for the report tests: three London stores, a New York store manager of two of them, a week of ratings.
import { DateTime } from 'luxon';
import type { Types } from 'mongoose';
import { recordRatingInRollups } from '../../src/modules/analytics/rollup.service';
import type { Access } from '../../src/tenancy/access';
import { makeMember, makeRating, makeStaff, makeStore, makeUser, type MadeUser } from '../factories';

/** The report week (Monday to Sunday) and the Monday after it, when the weekly report is due. */
export const WEEK = { from: '2026-11-09', to: '2026-11-15' };
export const MANAGER_ZONE = 'America/New_York';
/** 08:00 on Monday 16 November in New York. */
export const MONDAY_8AM_NY = DateTime.fromISO('2026-11-16T08:00', { zone: MANAGER_ZONE }).toJSDate();

type Store = Awaited<ReturnType<typeof makeStore>>;

/** A rating stored and counted in the rollups, as the submit path leaves it (London: local time = UTC in November). */
export async function rate(
  store: Store,
  score: number,
  at: string,
  extra: { staff?: Types.ObjectId; comment?: string } = {},
) {
  const createdAt = new Date(`${at}Z`);
  const kind = extra.staff ? 'staff' : 'experience';
  await makeRating(store, {
    kind,
    score,
    createdAt,
    staff: extra.staff ?? null,
    comment: extra.comment ?? '',
  });
  await recordRatingInRollups({
    business: store.business,
    store: store._id,
    staff: extra.staff ?? null,
    kind,
    score,
    day: at.slice(0, 10),
    hour: createdAt.getUTCHours(),
  });
}

export interface ReportWorld {
  owner: MadeUser;
  manager: MadeUser;
  managerAccess: Access;
  stores: { north: Store; south: Store; east: Store };
}

export async function reportWorld(): Promise<ReportWorld> {
  const owner = await makeUser({ timeZone: 'Europe/London' });
  const north = await makeStore(owner.id, { name: 'North Street' });
  const south = await makeStore(owner.id, { name: 'South Quay' });
  const east = await makeStore(owner.id, { name: 'East Market' });
  const manager = await makeMember(owner.id, 'manager', [north._id, south._id], { timeZone: MANAGER_ZONE });
  const ann = await makeStaff(owner.id, [north._id], { name: 'Ann Archer' });
  const bob = await makeStaff(owner.id, [south._id], { name: 'Bob Baker' });
  const eve = await makeStaff(owner.id, [east._id], { name: 'Eve Easton' });
  await rate(north, 5, '2026-11-09T10:00', { staff: ann._id, comment: 'Ann was wonderful' });
  await rate(north, 4, '2026-11-10T11:00', { staff: ann._id });
  await rate(north, 2, '2026-11-12T15:00', { comment: 'Queue far too long' });
  await rate(south, 5, '2026-11-13T09:30', { staff: bob._id, comment: 'Bob fixed it <fast>' });
  await rate(south, 3, '2026-11-15T17:45');
  await rate(south, 4, '2026-11-02T12:00'); // the week before: the "previous" figures
  await rate(east, 1, '2026-11-11T12:00', { staff: eve._id, comment: 'East secret comment' });
  await rate(east, 1, '2026-11-14T12:00');
  return {
    owner,
    manager,
    managerAccess: {
      userId: manager.id,
      businessId: owner.id,
      role: 'manager',
      storeIds: [String(north._id), String(south._id)],
    },
    stores: { north, south, east },
  };
}
