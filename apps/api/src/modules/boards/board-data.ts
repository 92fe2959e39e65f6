// What a breakroom board shows, read from the rollups through the dashboard's own scope and league: nothing negative.
import type { Types } from 'mongoose';
import {
  ZAnalyticsFilterSchema,
  type TBoardData,
  type TBoardMember,
  type TBoardShoutOut,
} from '@cx/contracts';
import { fileUrl } from '../../lib/files';
import type { Access } from '../../tenancy/access';
import { average, isRatingRow, loadRows, sumRows } from '../analytics/figures';
import { staffLeagueFrom } from '../analytics/league.service';
import { loadScope } from '../analytics/scope';
import { RatingModel } from '../ratings/rating.model';
import { StaffModel } from '../staff/staff.model';
import { maskContact } from '../../lib/mask';
import { publicBrand } from '../brand/brand.service';

/** How many ranked people, not-yet-ranked people and shout-outs a 1080p screen shows at a readable size. */
export const BOARD_RANKED = 8;
export const BOARD_NOT_RANKED = 8;
export const BOARD_SHOUT_OUTS = 4;
/** Shout-outs older than this have had their moment. */
const SHOUT_OUT_DAYS = 30;
/** Below four stars a comment is not celebrated, whatever its words say. */
const SHOUT_OUT_MIN_SCORE = 4;

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

interface BoardRef {
  business: Types.ObjectId;
  store: Types.ObjectId;
  createdBy?: Types.ObjectId | null;
}

/** Positive, visible shout-outs of the store (newest first), their text masked. */
async function shoutOutsOf(board: BoardRef, now: Date): Promise<TBoardShoutOut[]> {
  const since = new Date(now.getTime() - SHOUT_OUT_DAYS * 86_400_000);
  const ratings = await RatingModel.find(
    {
      store: board.store,
      'shoutOut.hidden': false,
      createdAt: { $gte: since },
      business: board.business,
      'insight.sentiment.label': 'positive',
      score: { $gte: SHOUT_OUT_MIN_SCORE },
      comment: { $nin: [null, ''] },
      $or: [{ 'flag.suspicious': { $ne: true } }, { 'flag.restored': true }],
    },
    { comment: 1, shoutOut: 1, createdAt: 1 },
  )
    .sort({ createdAt: -1 })
    .limit(BOARD_SHOUT_OUTS * 2)
    .lean();
  const people = await StaffModel.find(
    { _id: { $in: ratings.map((r) => r.shoutOut!.staff) }, business: board.business, deletedAt: null },
    { name: 1, photo: 1 },
  ).lean();
  const byId = new Map(people.map((p) => [String(p._id), p]));
  return ratings
    .filter((r) => byId.has(String(r.shoutOut!.staff)))
    .slice(0, BOARD_SHOUT_OUTS)
    .map((r) => {
      const person = byId.get(String(r.shoutOut!.staff))!;
      return {
        _id: String(r._id),
        text: maskContact(r.comment ?? ''),
        firstName: firstName(person.name),
        photo: fileUrl(person.photo),
        createdAt: (r.createdAt as Date).toISOString(),
      };
    });
}

/** The board's data: this week's score and trend, today's count, the fair-ranked team and the shout-outs. */
export async function boardData(board: BoardRef, now = new Date()): Promise<TBoardData> {
  // The board sees exactly what a viewer of this one store would see on the dashboard.
  const access: Access = {
    userId: String(board.createdBy ?? board.business),
    businessId: String(board.business),
    role: 'viewer',
    storeIds: [String(board.store)],
  };
  const filter = ZAnalyticsFilterSchema.parse({ period: 'last7', stores: String(board.store) });
  const scope = await loadScope(access, filter, now);
  const store = scope.stores[0]!;
  // day rows only: "today" must be separable from the rest of its week
  const loading = loadRows(scope, ['staff', 'experience', 'shift'], { weeks: false });
  const [rows, league, shoutOuts, brand] = await Promise.all([
    loading,
    staffLeagueFrom(scope, loading),
    shoutOutsOf(board, now),
    publicBrand(access.businessId),
  ]);
  const ratingRows = rows.filter((r) => isRatingRow(scope, r));
  const totals = sumRows(ratingRows);
  const today = store.period.current.to;
  const todayCount = ratingRows
    .filter((r) => r.period === 'current' && r.day === today)
    .reduce((n, r) => n + r.count, 0);
  const enough = (n: number) => n >= scope.minSample;
  const avg = enough(totals.current.count) ? average(totals.current) : null;
  const prev = enough(totals.previous.count) ? average(totals.previous) : null;

  const member = (r: (typeof league.ranked)[number], rank: number | null): TBoardMember => ({
    _id: r.staff._id,
    firstName: firstName(r.staff.name),
    photo: r.staff.photo,
    rank,
  });
  // Rated this week but below the minimum sample: welcomed without a rank, listed before the ranking, never last.
  const notRanked = league.notRanked
    .filter((r) => r.ratings > 0 && r.staff.active)
    .sort((a, b) => a.staff.name.localeCompare(b.staff.name))
    .slice(0, BOARD_NOT_RANKED)
    .map((r) => member(r, null));
  const ranked = league.ranked.slice(0, BOARD_RANKED).map((r) => member(r, r.rank));

  return {
    store: { name: store.name, image: store.image },
    brand,
    week: {
      from: store.period.current.from,
      to: today,
      ratings: totals.current.count,
      average: avg,
      // a falling week is for the dashboard, not the wall: only a rise or a steady week is shown
      change: avg !== null && prev !== null && avg - prev >= 0 ? avg - prev : null,
    },
    today: { day: today, ratings: todayCount },
    minSample: scope.minSample,
    team: [...notRanked, ...ranked],
    shoutOuts,
    generatedAt: now.toISOString(),
  };
}
