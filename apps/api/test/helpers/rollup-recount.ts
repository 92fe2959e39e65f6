// An independent recount of every rollup row from the raw ratings and events, to compare with the stored rows.
import { DateTime } from 'luxon';
import { BusinessRollupModel, RollupModel } from '../../src/modules/analytics/rollup.model';
import { FeedbackEventModel } from '../../src/modules/feedback/feedback-event.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';

type Row = { count: number; scoreSum: number; d1: number; d2: number; d3: number; d4: number; d5: number };
const empty = (): Row => ({ count: 0, scoreSum: 0, d1: 0, d2: 0, d3: 0, d4: 0, d5: 0 });
const monday = (day: string) => `W${DateTime.fromISO(day).startOf('week').toISODate()}`;

/** Every row the raw ratings (unflagged or restored) and tracked events imply, by plain counting. */
export async function recount(): Promise<Record<string, Row>> {
  const out = new Map<string, Row>();
  const add = (k: string, score?: number) => {
    const row = out.get(k) ?? empty();
    row.count += 1;
    if (score) {
      row.scoreSum += score;
      row[`d${score}` as 'd1'] += 1;
    }
    out.set(k, row);
  };
  const both = (prefix: string, day: string, score?: number) => {
    add(`${prefix}|${day}`, score);
    add(`${prefix}|${monday(day)}`, score);
  };
  const counted = await RatingModel.find({
    $or: [{ 'flag.suspicious': false }, { 'flag.restored': true }],
  }).lean();
  for (const r of counted) {
    both(`${r.store}||${r.kind}`, r.day, r.score);
    both(`business:${r.business}||${r.kind}`, r.day, r.score);
    if (r.staff) both(`${r.store}|${r.staff}|${r.kind}`, r.day, r.score);
  }
  for (const e of await FeedbackEventModel.find({ tracked: true }).lean())
    both(`${e.store}||${e.type}`, e.day);
  return Object.fromEntries(out);
}

/** The stored rows in the same shape (rows emptied by flagging equal no row). */
export async function storedRows(): Promise<Record<string, Row>> {
  const rows = [
    ...(await RollupModel.find({}).lean()),
    ...(await BusinessRollupModel.find({}).lean()).map((r) => ({
      ...r,
      store: `business:${r.business}`,
      staff: null,
    })),
  ];
  const out: Record<string, Row> = {};
  for (const r of rows) {
    if (r.count === 0 && r.scoreSum === 0) continue;
    const { count, scoreSum, d1, d2, d3, d4, d5 } = r;
    out[`${r.store}|${r.staff ?? ''}|${r.metric}|${r.day}`] = { count, scoreSum, d1, d2, d3, d4, d5 };
  }
  return out;
}

export async function expectRollupsEqualRecount(): Promise<void> {
  expect(await storedRows()).toEqual(await recount());
}
