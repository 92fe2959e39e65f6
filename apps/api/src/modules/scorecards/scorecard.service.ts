// A staff member's scorecard: their staff-league row (same code as the league table), trend, shout-outs and badges.
import mongoose from 'mongoose';
import type { TAnalyticsFilter, TScorecard, TScorecardShoutOut, TStaffLeagueRow } from '@cx/contracts';
import type { Access } from '../../tenancy/access';
import { overview } from '../analytics/dashboard.service';
import { staffLeagueFrom, staffLeagueRows } from '../analytics/league.service';
import { loadScope, type Scope } from '../analytics/scope';
import { RatingModel } from '../ratings/rating.model';
import { badgesFor, fiveStarTotal, mostImprovedThisMonth } from './scorecard-badges';

/** The same scope without the person filter: the whole league, so the person's row is the league table's row. */
const leagueOf = (scope: Scope): Scope => ({
  ...scope,
  staff: undefined,
  filter: { ...scope.filter, staff: undefined },
});

/** The person's row of the staff league table for the scope (ranked or not), exactly as the table lists it. */
async function leagueRow(
  scope: Scope,
  staffId: string,
): Promise<{ row: TStaffLeagueRow; minSample: number }> {
  const whole = leagueOf(scope);
  const league = await staffLeagueFrom(whole, staffLeagueRows(whole));
  const find = (l: typeof league) => [...l.ranked, ...l.notRanked].find((r) => r.staff._id === staffId);
  const row = find(league);
  if (row) return { row, minSample: league.minSample };
  // someone the table does not list (no store and no rating in these stores): their own, empty, row
  const alone = await staffLeagueFrom(scope, staffLeagueRows(scope));
  return { row: find(alone)!, minSample: alone.minSample };
}

/** Positive comments naming the person in the period (not hidden, not flagged), newest first: one indexed query. */
async function shoutOutsOf(scope: Scope, staffId: string, limit = 5): Promise<TScorecardShoutOut[]> {
  if (scope.stores.length === 0) return [];
  const docs = await RatingModel.find(
    {
      'shoutOut.staff': new mongoose.Types.ObjectId(staffId),
      'shoutOut.hidden': false,
      business: scope.business,
      store: { $in: scope.stores.map((s) => s._id) },
      day: { $gte: scope.current.from, $lte: scope.current.to },
      $or: [{ 'flag.suspicious': false }, { 'flag.restored': true }],
    },
    { comment: 1, score: 1, store: 1, day: 1 },
  )
    .sort({ createdAt: -1 })
    .limit(limit * 2)
    .lean();
  return docs
    .filter((d) => {
      const days = scope.byId.get(String(d.store))?.period.current;
      return Boolean(d.comment && days && d.day >= days.from && d.day <= days.to);
    })
    .slice(0, limit)
    .map((d) => ({
      _id: String(d._id),
      comment: d.comment,
      score: d.score,
      store: { _id: String(d.store), name: scope.byId.get(String(d.store))!.name },
      day: d.day,
    }));
}

/**
 * The scorecard of a person the member may see (another business's, a deleted or an out-of-scope person is 404),
 * over the member's stores (or the asked ones of them) and the period.
 */
export async function scorecardFor(
  access: Access,
  staffId: string,
  query: Pick<TAnalyticsFilter, 'period' | 'from' | 'to' | 'stores' | 'areas'>,
  now = new Date(),
): Promise<TScorecard> {
  const scope = await loadScope(access, { ...query, staff: staffId }, now);
  const [{ row, minSample }, trend, fiveStars, improved, shoutOuts] = await Promise.all([
    leagueRow(scope, staffId),
    overview(scope, 'auto'),
    fiveStarTotal(scope, staffId),
    mostImprovedThisMonth(access, { stores: query.stores, areas: query.areas }, staffId, now),
    shoutOutsOf(scope, staffId),
  ]);
  return {
    period: scope.label,
    minSample,
    figures: row,
    trend: { granularity: trend.granularity, series: trend.series },
    fiveStarTotal: fiveStars,
    badges: badgesFor(row, minSample, fiveStars, improved),
    shoutOuts,
  };
}
