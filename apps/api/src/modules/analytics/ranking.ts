// Fair ranking: Bayesian-adjusted averages towards the business mean, a minimum sample, and shared ranks for ties.
import { average, csat, type Agg } from './figures';

export interface Rankable {
  current: Agg;
  previous: Agg;
  /** Tie-break for display order only (ties still share a rank). */
  name: string;
}

export interface RankFigures {
  rank: number | null;
  ratings: number;
  average: number | null;
  adjustedAverage: number | null;
  csat: number | null;
  trend: { previousAverage: number | null; change: number | null };
  distribution: [number, number, number, number, number];
}

/** prior × m pseudo-ratings added to the person's own: few ratings stay near the mean, many speak for themselves. */
export const adjusted = (a: Agg, prior: number | null, minSample: number): number | null =>
  prior === null ? average(a) : (a.sum + prior * minSample) / (a.count + minSample);

/** Equal up to float noise (sums of integers divided by integers). */
const sameScore = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * Ranks the rows: those with at least minSample ratings by adjusted average (ties share a rank: 1, 1, 3), the rest
 * listed apart with rank null. prior is the mean over every row's ratings.
 */
export function rank<T extends Rankable>(
  items: T[],
  minSample: number,
): {
  prior: number | null;
  ranked: Array<T & { figures: RankFigures }>;
  notRanked: Array<T & { figures: RankFigures }>;
} {
  const total = items.reduce((acc, i) => ({ n: acc.n + i.current.count, s: acc.s + i.current.sum }), {
    n: 0,
    s: 0,
  });
  const prior = total.n ? total.s / total.n : null;
  const withFigures = items.map((item) => {
    const avg = average(item.current);
    const prev = average(item.previous);
    const figures: RankFigures = {
      rank: null,
      ratings: item.current.count,
      average: avg,
      adjustedAverage: item.current.count ? adjusted(item.current, prior, minSample) : null,
      csat: csat(item.current),
      trend: { previousAverage: prev, change: avg === null || prev === null ? null : avg - prev },
      distribution: [...item.current.d],
    };
    return { ...item, figures };
  });
  const ranked = withFigures
    .filter((i) => i.current.count >= minSample)
    .sort(
      (a, b) =>
        b.figures.adjustedAverage! - a.figures.adjustedAverage! ||
        b.current.count - a.current.count ||
        a.name.localeCompare(b.name),
    );
  ranked.forEach((item, i) => {
    const before = ranked[i - 1];
    item.figures.rank =
      before && sameScore(before.figures.adjustedAverage!, item.figures.adjustedAverage!)
        ? before.figures.rank
        : i + 1;
  });
  const notRanked = withFigures
    .filter((i) => i.current.count < minSample)
    .sort((a, b) => b.current.count - a.current.count || a.name.localeCompare(b.name));
  return { prior, ranked, notRanked };
}
