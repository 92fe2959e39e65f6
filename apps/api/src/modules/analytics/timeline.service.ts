// The feedback timeline: ratings newest first in each store's own days, filtered, with a cursor stable under new arrivals.
import { DateTime } from 'luxon';
import mongoose, { type QueryFilter } from 'mongoose';
import type { TTimelineItem, TTimelineQuery } from '@cx/contracts';
import { AppError } from '../../lib/errors';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { resolverFor, shownThemes, type ThemeResolver } from '../insight/vocabulary.service';
import { StaffModel } from '../staff/staff.model';
import type { Scope } from './scope';

const HOUR = 3600 * 1000;

interface Cursor {
  t: string;
  id: string;
}

const encodeCursor = (r: Pick<RatingDoc, 'createdAt' | '_id'>) =>
  Buffer.from(JSON.stringify({ t: r.createdAt.toISOString(), id: String(r._id) })).toString('base64url');

function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.t === 'string' && !Number.isNaN(Date.parse(c.t)) && mongoose.isValidObjectId(c.id)) {
      return { t: c.t, id: c.id! };
    }
  } catch {
    // fall through to the 400
  }
  throw new AppError('BAD_CURSOR', 'This page link has expired. Please reload the timeline.', 400);
}

export type TimelineFilter = Omit<TTimelineQuery, 'limit' | 'cursor'> & { cursor?: string };

/**
 * The ratings query: each store's own days (grouped by range), the filters, and an index-friendly createdAt bound.
 * A theme filter (key or shown name) needs the business's vocabulary: it matches the theme and every one merged in.
 */
export function timelineQuery(
  scope: Scope,
  q: TimelineFilter,
  resolver?: ThemeResolver,
): QueryFilter<RatingDoc> | null {
  if (scope.stores.length === 0) return null;
  const byRange = new Map<string, { from: string; to: string; ids: mongoose.Types.ObjectId[] }>();
  for (const s of scope.stores) {
    const { from, to } = s.period.current;
    const g = byRange.get(`${from}|${to}`) ?? { from, to, ids: [] };
    g.ids.push(s._id);
    byRange.set(`${from}|${to}`, g);
  }
  const and: QueryFilter<RatingDoc>[] = [
    { $or: [...byRange.values()].map((g) => ({ store: { $in: g.ids }, day: { $gte: g.from, $lte: g.to } })) },
  ];
  if (q.flagged === 'exclude') and.push({ $or: [{ 'flag.suspicious': false }, { 'flag.restored': true }] });
  if (q.flagged === 'only') and.push({ 'flag.suspicious': true, 'flag.restored': false });
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    const t = new Date(c.t);
    and.push({
      $or: [{ createdAt: { $lt: t } }, { createdAt: t, _id: { $lt: new mongoose.Types.ObjectId(c.id) } }],
    });
  }
  const filter: QueryFilter<RatingDoc> = {
    business: scope.business,
    // Local days span at most UTC−12…UTC+14 around the UTC day: a bound the owner+createdAt index can use.
    createdAt: {
      $gte: new Date(Date.parse(`${scope.current.from}T00:00:00Z`) - 14 * HOUR),
      $lt: new Date(Date.parse(`${scope.current.to}T00:00:00Z`) + 36 * HOUR),
    },
    $and: and,
  };
  if (scope.staff) filter.staff = scope.staff;
  if (q.kind) filter.kind = q.kind;
  if (q.scores?.length) filter.score = { $in: q.scores };
  if (q.hasComment !== undefined) filter.comment = q.hasComment ? { $gt: '' } : '';
  if (q.outsideShift !== undefined) filter.outsideShift = q.outsideShift;
  if (q.sentiment) filter['insight.sentiment.label'] = q.sentiment;
  if (q.theme) {
    const key = resolver?.find(q.theme);
    filter['insight.themes'] = {
      $in: key && resolver ? resolver.membersOf(resolver.canonical(key)) : [q.theme],
    };
  }
  return filter;
}

/** Names for the page's people (deleted people keep their name in history). */
export async function presentTimeline(
  scope: Scope,
  ratings: RatingDoc[],
  themes?: ThemeResolver,
): Promise<TTimelineItem[]> {
  const staffIds = [
    ...new Set(
      ratings.flatMap((r) => [r.staff, r.shoutOut?.staff]).flatMap((id) => (id ? [String(id)] : [])),
    ),
  ];
  const [people, resolver] = await Promise.all([
    StaffModel.find({ _id: { $in: staffIds }, business: scope.business }, { name: 1 }).lean(),
    themes ?? (ratings.some((r) => r.insight) ? resolverFor(scope.business) : undefined),
  ]);
  const names = new Map(people.map((s) => [String(s._id), s.name]));
  return ratings.map((r) => {
    const store = scope.byId.get(String(r.store))!;
    const staffId = r.staff ? String(r.staff) : null;
    return {
      _id: String(r._id),
      kind: r.kind as TTimelineItem['kind'],
      store: { _id: store.id, name: store.name, timeZone: store.timeZone },
      staff: staffId ? { _id: staffId, name: names.get(staffId) ?? 'Former staff member' } : null,
      score: r.score,
      comment: r.comment ?? '',
      tags: r.tags ?? [],
      createdAt: r.createdAt.toISOString(),
      localTime: DateTime.fromJSDate(r.createdAt, { zone: store.timeZone }).toFormat('yyyy-MM-dd HH:mm'),
      day: r.day,
      outsideShift: Boolean(r.outsideShift),
      flagged: Boolean(r.flag?.suspicious && !r.flag.restored),
      restored: Boolean(r.flag?.restored),
      sentiment: r.insight?.sentiment
        ? { label: r.insight.sentiment.label, score: r.insight.sentiment.score }
        : null,
      language: r.insight?.language ?? null,
      themes: r.insight && resolver ? shownThemes(r.insight.themes ?? [], resolver) : [],
      shoutOut: r.shoutOut
        ? {
            staff: String(r.shoutOut.staff),
            staffName: names.get(String(r.shoutOut.staff)) ?? 'Former staff member',
            hidden: Boolean(r.shoutOut.hidden),
          }
        : null,
    };
  });
}

const PAGE_FIELDS = { deviceHash: 0, networkHash: 0, idempotencyKey: 0 } as const;

/** One page, newest first; nextCursor continues after the last item even if newer ratings arrive meanwhile. */
export async function timelinePage(
  scope: Scope,
  q: TimelineFilter & { limit: number },
  known?: ThemeResolver,
) {
  const resolver = known ?? (await resolverFor(scope.business));
  const filter = timelineQuery(scope, q, resolver);
  if (!filter) return { period: scope.label, items: [], nextCursor: null };
  const found = await RatingModel.find(filter, PAGE_FIELDS)
    .sort({ createdAt: -1, _id: -1 })
    .limit(q.limit + 1)
    .lean<RatingDoc[]>();
  const page = found.slice(0, q.limit);
  const last = page.at(-1);
  return {
    period: scope.label,
    items: await presentTimeline(scope, page, resolver),
    nextCursor: found.length > q.limit && last ? encodeCursor(last) : null,
  };
}

/** Every matching rating in pages (for the CSV export), bounded so one export cannot hold the server. */
export async function* timelineBatches(scope: Scope, q: TimelineFilter, max: number) {
  let cursor: string | undefined;
  let sent = 0;
  const resolver = await resolverFor(scope.business);
  while (sent < max) {
    const page = await timelinePage(scope, { ...q, cursor, limit: Math.min(1000, max - sent) }, resolver);
    if (page.items.length) yield page.items;
    sent += page.items.length;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
