// Paging a collection in _id order, a bounded batch per query, for scheduled jobs that visit every business.
import type { Types } from 'mongoose';

/** How many documents a scheduled job reads per query (and writes per bulk write). */
export const JOB_BATCH_SIZE = 500;

/**
 * Documents per reply for a job's reads that consume their whole result (a page's users, stores, rollup rows): one
 * round trip instead of the driver's default first batch of 101 and a getMore (mongod still caps a reply at 16 MB).
 */
export const READ_BATCH = 20_000;

/** The page read after `last`: pass `{ ...filter, ...after(last) }` and sort by _id. */
export const after = (last: Types.ObjectId | null) => (last ? { _id: { $gt: last } } : {});

/**
 * Yields the matching documents a page at a time: `read(last, size)` returns the next `size` documents by _id after
 * `last` (see `after`). One indexed query per page, so a run makes ceil(n / size) reads however many documents
 * match and never holds more than one page in memory. A page shorter than `size` is the last (no empty read).
 */
export async function* pagesOf<T extends { _id: Types.ObjectId }>(
  read: (last: Types.ObjectId | null, size: number) => Promise<T[]>,
  size = JOB_BATCH_SIZE,
): AsyncGenerator<T[]> {
  let last: Types.ObjectId | null = null;
  for (;;) {
    const page = await read(last, size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
    last = page[page.length - 1]!._id;
  }
}

/** Groups items by a key (owner id, window…) in one pass: a Map of arrays, no copying per item. */
export function groupBy<T>(items: Iterable<T>, keyOf: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = out.get(key);
    if (list) list.push(item);
    else out.set(key, [item]);
  }
  return out;
}
