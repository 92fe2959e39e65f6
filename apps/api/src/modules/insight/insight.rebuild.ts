// Recomputes every rating's insight (comment and tapped tags) and shout-out and the theme rollups, after a model or vocabulary change.
import type { AnyBulkWriteOperation, Types } from 'mongoose';
import { countsInFigures } from '../analytics/rollup.contribution';
import { ThemeRollupModel } from '../analytics/theme-rollup.model';
import { THEMES_WORK, themeChanges, type ThemeRowChange } from '../analytics/theme-rollup.service';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { StaffModel } from '../staff/staff.model';
import { BusinessModel } from '../../tenancy/business.model';
import { analyseRatingText, hasInsight } from './insight.service';
import { shoutOutFor } from './shout-outs';
import { loadVocabulary, matcherOf } from './vocabulary.service';

export interface InsightRebuildReport {
  businesses: number;
  /** Comments analysed again. */
  comments: number;
  shoutOuts: number;
  /** Theme rollup rows written. */
  rows: number;
}

const BATCH = 500;

interface Person {
  _id: Types.ObjectId;
  name: string;
  stores?: Types.ObjectId[];
  deletedAt?: Date | null;
}

/** The people the live reaction would consider: the store's current staff, and the rated person. */
const peopleFor = (all: Person[], store: Types.ObjectId, rated: Types.ObjectId | null) =>
  all.filter(
    (p) =>
      (!p.deletedAt && (p.stores ?? []).some((s) => String(s) === String(store))) ||
      (rated && String(p._id) === String(rated)),
  );

const rowKey = (c: ThemeRowChange) =>
  `${String(c.filter.store)}|${c.filter.day}|${c.filter.theme}|${c.filter.kind}|${String(c.filter.staff ?? '')}`;

/**
 * One business: its comments in batches of BATCH (one bulk write each), the rollup rows summed in memory, then the
 * business's theme rollups replaced. Owed `themes` entries are dropped, since the rows are rebuilt from the counted flag.
 */
async function rebuildBusiness(business: Types.ObjectId, report: InsightRebuildReport): Promise<void> {
  const vocabulary = matcherOf(await loadVocabulary(business));
  const staff = await StaffModel.find({ business }, { name: 1, stores: 1, deletedAt: 1 }).lean<Person[]>();
  const rows = new Map<string, ThemeRowChange>();
  let ops: AnyBulkWriteOperation[] = [];
  const flush = async () => {
    if (ops.length) await RatingModel.bulkWrite(ops, { ordered: false });
    ops = [];
  };
  const cursor = RatingModel.find(
    { business, $or: [{ comment: { $gt: '' } }, { 'tags.0': { $exists: true } }] },
    { business: 1, store: 1, staff: 1, kind: 1, day: 1, score: 1, comment: 1, tags: 1, flag: 1, shoutOut: 1 },
  )
    .sort({ _id: 1 })
    .lean<RatingDoc[]>()
    .cursor({ batchSize: BATCH });
  for await (const rating of cursor as AsyncIterable<RatingDoc>) {
    const pullThemes = { $pull: { pending: { name: THEMES_WORK } } };
    if (!hasInsight(rating)) {
      ops.push({
        updateOne: {
          filter: { _id: rating._id },
          update: { $unset: { insight: 1, shoutOut: 1 }, ...pullThemes },
        },
      });
      continue;
    }
    const counted = countsInFigures(rating);
    const found = analyseRatingText(rating, vocabulary);
    const insight = { ...found, counted };
    const rated = rating.kind === 'staff' ? (rating.staff ?? null) : null;
    const person = shoutOutFor(rating.comment ?? '', found, peopleFor(staff, rating.store, rated), rated);
    const keepHidden = person && rating.shoutOut && String(rating.shoutOut.staff) === String(person);
    const shoutOut = person
      ? { staff: person, hidden: Boolean(keepHidden && rating.shoutOut?.hidden) }
      : null;
    ops.push({
      updateOne: {
        filter: { _id: rating._id },
        update: {
          $set: { insight, ...(shoutOut ? { shoutOut } : {}) },
          ...(shoutOut ? {} : { $unset: { shoutOut: 1 } }),
          ...pullThemes,
        },
      },
    });
    report.comments += 1;
    if (shoutOut) report.shoutOuts += 1;
    if (counted) {
      for (const change of themeChanges({ ...rating, insight }, 1)) {
        const row = rows.get(rowKey(change));
        if (!row) rows.set(rowKey(change), { ...change, inc: { ...change.inc } });
        else for (const [f, n] of Object.entries(change.inc)) row.inc[f] = (row.inc[f] ?? 0) + n;
      }
    }
    if (ops.length >= BATCH) await flush();
  }
  await flush();
  await ThemeRollupModel.deleteMany({ business });
  const docs = [...rows.values()].map((r) => ({ ...r.filter, business: r.business, ...r.inc }));
  for (let i = 0; i < docs.length; i += BATCH) await ThemeRollupModel.insertMany(docs.slice(i, i + BATCH));
  report.rows += docs.length;
}

/** Every business (or one): comments re-analysed with the current engine and vocabulary, theme rollups recounted. */
export async function rebuildInsight(opts: { business?: string } = {}): Promise<InsightRebuildReport> {
  const report: InsightRebuildReport = { businesses: 0, comments: 0, shoutOuts: 0, rows: 0 };
  const filter = opts.business ? { _id: opts.business } : {};
  for await (const b of BusinessModel.find(filter, { _id: 1 }).lean().cursor()) {
    report.businesses += 1;
    await rebuildBusiness(b._id, report);
  }
  return report;
}
