// Scorecard badges, from rollups only: five-star milestones, top of the league, most improved this month, shift star.
import mongoose from 'mongoose';
import type { TAnalyticsFilter, TScorecardBadge, TStaffLeagueRow } from '@cx/contracts';
import type { Access } from '../../tenancy/access';
import { mostImprovedOf } from '../analytics/dashboard.service';
import { staffLeagueFrom, staffLeagueRows } from '../analytics/league.service';
import { isWeekKey } from '../analytics/rollup.contribution';
import { RollupModel } from '../analytics/rollup.model';
import { loadScope, type Scope } from '../analytics/scope';

/** Five-star milestones, highest first: the card shows the highest one reached. */
export const FIVE_STAR_MILESTONES = [250, 100, 50, 10] as const;

/** A shift-experience average at least this high (over at least the minimum sample) earns "Shift star". */
export const SHIFT_STAR_AVERAGE = 4.5;

/** Five-star ratings the person has ever had in the scope's stores: their day rows (week rows repeat the days). */
export async function fiveStarTotal(scope: Scope, staffId: string): Promise<number> {
  if (scope.stores.length === 0) return 0;
  const rows = await RollupModel.find(
    {
      store: { $in: scope.stores.map((s) => s._id) },
      staff: new mongoose.Types.ObjectId(staffId),
      metric: 'staff',
    },
    { _id: 0, day: 1, d5: 1 },
  ).lean();
  return rows.filter((r) => !isWeekKey(r.day)).reduce((n, r) => n + (r.d5 ?? 0), 0);
}

/** Whether the person is the staff league's most improved of this calendar month (the Snapshot's rule). */
export async function mostImprovedThisMonth(
  access: Access,
  where: Pick<TAnalyticsFilter, 'stores' | 'areas'>,
  staffId: string,
  now: Date,
): Promise<boolean> {
  const scope = await loadScope(access, { period: 'thisMonth', ...where }, now);
  const loading = staffLeagueRows(scope);
  const [rows, league] = await Promise.all([loading, staffLeagueFrom(scope, loading)]);
  return mostImprovedOf(league, rows, scope.minSample)?.staff._id === staffId;
}

export function badgesFor(
  row: TStaffLeagueRow,
  minSample: number,
  fiveStars: number,
  mostImproved: boolean,
): TScorecardBadge[] {
  const badges: TScorecardBadge[] = [];
  const milestone = FIVE_STAR_MILESTONES.find((m) => fiveStars >= m);
  if (milestone) {
    badges.push({
      id: `five-star-${milestone}` as TScorecardBadge['id'],
      label: `${milestone} five-star ratings`,
      description: `${fiveStars} five-star ratings so far`,
    });
  }
  if (row.rank === 1) {
    badges.push({
      id: 'top-of-league',
      label: 'Top of the league',
      description: 'Ranked first for this period',
    });
  }
  if (mostImproved) {
    badges.push({
      id: 'most-improved-month',
      label: 'Most improved this month',
      description: 'The biggest rise in average rating this month',
    });
  }
  const shift = row.shiftExperience;
  if (shift.ratings >= minSample && shift.average !== null && shift.average >= SHIFT_STAR_AVERAGE) {
    badges.push({
      id: 'shift-star',
      label: 'Shift star',
      description: `Customers rated the visit ${shift.average.toFixed(2)} on average while they worked`,
    });
  }
  return badges;
}
