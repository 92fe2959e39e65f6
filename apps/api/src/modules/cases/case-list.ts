// The case inbox: filtered by status, store, area, owner and overdue, within the caller's stores; overdue first, then due soonest.
import { CASE_MESSAGES, OPEN_CASE_STATUSES, type TCase, type TCaseListQuery } from '@cx/contracts';
import { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { assertOwnStores, coversStore, scopeFilter, type Access } from '../../tenancy/access';
import { storesUnderAreas } from '../../tenancy/area-stores';
import { presentCases } from './case-present';
import { CaseModel, type CaseDoc } from './case.model';

type Query = Omit<TCaseListQuery, 'limit' | 'overdue'> & { limit: number; overdue?: boolean };

/** Where the next page starts: the phase (0 overdue, 1 the rest), the last case's due time and id, the list's "now". */
interface Cursor {
  p: 0 | 1;
  d: number;
  i: string;
  n: number;
}

const badCursor = () =>
  new AppError('BAD_CURSOR', CASE_MESSAGES.badCursor, 400, { cursor: [CASE_MESSAGES.badCursor] });

function readCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (
      (c.p !== 0 && c.p !== 1) ||
      !Number.isFinite(c.d) ||
      !Number.isFinite(c.n) ||
      !Types.ObjectId.isValid(c.i)
    )
      throw new Error('bad');
    return c;
  } catch {
    throw badCursor();
  }
}
const writeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

/** The filters other than ordering, inside the caller's stores (a store or area outside them: 404). */
async function baseFilter(access: Access, q: Query): Promise<Record<string, unknown>[]> {
  const and: Record<string, unknown>[] = [scopeFilter(access)];
  if (q.status === 'open') and.push({ status: { $in: OPEN_CASE_STATUSES } });
  else if (q.status) and.push({ status: q.status });
  if (q.store) {
    await assertOwnStores(access, [q.store]);
    and.push({ store: new Types.ObjectId(q.store) });
  }
  if (q.area) {
    const under = (await storesUnderAreas(access.businessId, [q.area])).filter((s) => coversStore(access, s));
    and.push({ store: { $in: under.map((s) => new Types.ObjectId(s)) } });
  }
  if (q.owner === 'me') and.push({ owner: new Types.ObjectId(access.userId) });
  else if (q.owner === 'none') and.push({ owner: null });
  else if (q.owner) and.push({ owner: new Types.ObjectId(q.owner) });
  return and;
}

const overdueAt = (now: Date) => ({ status: { $in: OPEN_CASE_STATUSES }, dueAt: { $lt: now } });
const notOverdueAt = (now: Date) => ({
  $or: [{ status: { $nin: OPEN_CASE_STATUSES } }, { dueAt: { $gte: now } }],
});

export async function listCases(
  access: Access,
  q: Query,
  clock = new Date(),
): Promise<{ items: TCase[]; nextCursor: string | null }> {
  const cursor = readCursor(q.cursor);
  const now = cursor ? new Date(cursor.n) : clock;
  const base = await baseFilter(access, q);
  const phases: Array<0 | 1> = q.overdue === true ? [0] : q.overdue === false ? [1] : [0, 1];
  const docs: Array<CaseDoc & { phase: 0 | 1 }> = [];
  for (const phase of phases) {
    if (cursor && phase < cursor.p) continue;
    const after =
      cursor && cursor.p === phase
        ? [
            {
              $or: [
                { dueAt: { $gt: new Date(cursor.d) } },
                { dueAt: new Date(cursor.d), _id: { $gt: new Types.ObjectId(cursor.i) } },
              ],
            },
          ]
        : [];
    const rows = await CaseModel.find({
      $and: [...base, phase === 0 ? overdueAt(now) : notOverdueAt(now), ...after],
    })
      .sort({ dueAt: 1, _id: 1 })
      .limit(q.limit + 1 - docs.length)
      .lean<CaseDoc[]>();
    docs.push(...rows.map((r) => ({ ...r, phase })));
    if (docs.length > q.limit) break;
  }
  const page = docs.slice(0, q.limit);
  const last = page[page.length - 1];
  const nextCursor =
    docs.length > q.limit && last
      ? writeCursor({
          p: last.phase,
          d: new Date(last.dueAt).getTime(),
          i: String(last._id),
          n: now.getTime(),
        })
      : null;
  return { items: await presentCases(page, access, clock), nextCursor };
}
