// "What customers talk about": top comment themes per period and store from the theme rollups, with examples.
import type { TThemeExample, TThemesReport, TThemeReportRow } from '@cx/contracts';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { resolverFor, type ThemeResolver } from '../insight/vocabulary.service';
import { inRange } from './period';
import type { Scope } from './scope';
import { ThemeRollupModel } from './theme-rollup.model';
import { timelineQuery, type TimelineFilter } from './timeline.service';

const EXAMPLES = 2;

interface Tally {
  count: number;
  previousCount: number;
  positive: number;
  neutral: number;
  negative: number;
}

const tally = (): Tally => ({ count: 0, previousCount: 0, positive: 0, neutral: 0, negative: 0 });

/** Theme key → its tally over the scope, and per store; renames, merges and hides applied through the vocabulary. */
export async function themeTallies(scope: Scope, resolver: Pick<ThemeResolver, 'canonical' | 'hidden'>) {
  const overall = new Map<string, Tally & { stores: Map<string, Tally> }>();
  if (scope.stores.length === 0) return overall;
  const rows = await ThemeRollupModel.find(
    {
      business: scope.business,
      day: { $gte: scope.span.from, $lte: scope.span.to },
      store: { $in: scope.stores.map((s) => s._id) },
      ...(scope.staff ? { staff: scope.staff } : {}),
      ...(scope.filter.kind ? { kind: scope.filter.kind } : {}),
    },
    { store: 1, day: 1, theme: 1, count: 1, positive: 1, neutral: 1, negative: 1 },
  ).lean();
  for (const row of rows) {
    const store = scope.byId.get(String(row.store));
    if (!store || !row.count) continue;
    const current = inRange(row.day, store.period.current);
    if (!current && !inRange(row.day, store.period.previous)) continue;
    const key = resolver.canonical(row.theme);
    if (resolver.hidden(key)) continue;
    let entry = overall.get(key);
    if (!entry) overall.set(key, (entry = { ...tally(), stores: new Map() }));
    let perStore = entry.stores.get(store.id);
    if (!perStore) entry.stores.set(store.id, (perStore = tally()));
    for (const t of [entry, perStore]) {
      if (!current) {
        t.previousCount += row.count;
        continue;
      }
      t.count += row.count;
      t.positive += row.positive ?? 0;
      t.neutral += row.neutral ?? 0;
      t.negative += row.negative ?? 0;
    }
  }
  return overall;
}

const byCount = <T extends { key: string; count: number; previousCount: number }>(a: T, b: T) =>
  b.count - a.count || b.previousCount - a.previousCount || a.key.localeCompare(b.key);

const figures = (key: string, t: Tally, resolver: ThemeResolver) => ({
  key,
  name: resolver.nameOf(key),
  count: t.count,
  previousCount: t.previousCount,
  sentiment: { positive: t.positive, neutral: t.neutral, negative: t.negative },
});

/** The newest counted comments of the period mentioning a theme (or one merged into it): one small indexed read. */
async function examplesOf(scope: Scope, keys: string[]): Promise<TThemeExample[]> {
  const filter = timelineQuery(scope, { ...scope.filter, flagged: 'exclude' } as TimelineFilter);
  if (!filter) return [];
  const found = await RatingModel.find(
    { ...filter, 'insight.themes': { $in: keys } },
    { store: 1, comment: 1, score: 1, createdAt: 1, insight: 1 },
  )
    .sort({ createdAt: -1, _id: -1 })
    .limit(EXAMPLES)
    .lean<RatingDoc[]>();
  return found.map((r) => {
    const store = scope.byId.get(String(r.store));
    const sentiment = r.insight?.sentiment;
    return {
      _id: String(r._id),
      comment: r.comment ?? '',
      score: r.score,
      store: { _id: String(r.store), name: store?.name ?? '' },
      createdAt: r.createdAt.toISOString(),
      sentiment: sentiment ? { label: sentiment.label, score: sentiment.score } : null,
    };
  });
}

export async function themesReport(scope: Scope, limit: number): Promise<TThemesReport> {
  const resolver = await resolverFor(scope.business);
  const tallies = await themeTallies(scope, resolver);
  const top = [...tallies.entries()]
    .filter(([, t]) => t.count > 0)
    .map(([key, t]) => ({ key, t, count: t.count, previousCount: t.previousCount }))
    .sort(byCount)
    .slice(0, limit);
  const themes: TThemeReportRow[] = await Promise.all(
    top.map(async ({ key, t }) => ({
      ...figures(key, t, resolver),
      stores: [...t.stores.entries()]
        .filter(([, s]) => s.count > 0 || s.previousCount > 0)
        .map(([id, s]) => ({
          _id: id,
          name: scope.byId.get(id)?.name ?? '',
          count: s.count,
          previousCount: s.previousCount,
        }))
        .sort(
          (a, b) => b.count - a.count || b.previousCount - a.previousCount || a.name.localeCompare(b.name),
        ),
      examples: await examplesOf(scope, resolver.membersOf(key)),
    })),
  );
  const stores = scope.stores
    .map((store) => ({
      store: { _id: store.id, name: store.name },
      themes: [...tallies.entries()]
        .flatMap(([key, t]) => {
          const s = t.stores.get(store.id);
          return s && s.count > 0 ? [figures(key, s, resolver)] : [];
        })
        .sort(byCount)
        .slice(0, limit),
    }))
    .filter((s) => s.themes.length > 0);
  return { period: scope.label, themes, stores };
}
