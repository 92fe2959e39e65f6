// An active filter as a removable chip: what it says and what removing it writes to the URL.
import type { TParamPatch } from '@/lib/analytics/filters';

export type TFilterChip = {
  /** The URL key(s) it stands for; also its React key. */
  key: string;
  label: string;
  /** What removing it writes (the keys emptied, or the period back to its default). */
  clear: TParamPatch;
};

/** One chip per set value, in the order given; empty values make no chip. */
export function chipsOf(
  entries: Array<[key: string, value: string | undefined, label: string | undefined]>,
): TFilterChip[] {
  return entries
    .filter(([, value, label]) => Boolean(value) && Boolean(label))
    .map(([key, , label]) => ({ key, label: label!, clear: { [key]: undefined } }));
}

/** A chip's label for an id filter: the item's name, or `fallback` while the list loads (undefined when unset). */
export const nameOf = (
  list: Array<{ _id: string; name: string }>,
  id: string | undefined,
  fallback: string,
) => (id ? (list.find((x) => x._id === id)?.name ?? fallback) : undefined);
