// The store table's data rules: what the search matches, how each column sorts, and the figures a row shows.
import type { TStore } from '@cx/contracts';
import { WEEKDAYS } from './store-form';

export const STORE_SORTS = ['name', 'code', 'area', 'timeZone', 'interfaces', 'hours'] as const;
export type TStoreSort = (typeof STORE_SORTS)[number];
export type TSortOrder = 'asc' | 'desc';
export type TStoreSortState = { sort: TStoreSort; order: TSortOrder };

/** Area ids to names; a store whose area is unknown (not loaded yet, or none) shows none. */
export type TAreaNames = ReadonlyMap<string, string>;

export const areaOf = (store: TStore, areas: TAreaNames): string =>
  (store.area && areas.get(store.area)) || '';

export const interfacesOn = (store: TStore): number =>
  Object.values(store.interfaces).filter((i) => i.status).length;

const SHORT: Record<number, string> = {
  0: 'Sun',
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
};

/**
 * The week in one short line: "07:30–18:00, Mon–Sat" when the open days share their hours, "Mon 09:00–17:00 · …" when
 * they differ, "Not set" for a store that never had hours.
 */
export function hoursSummary(store: TStore): string {
  if (store.openingHours.length === 0) return 'Not set';
  const byDay = new Map(store.openingHours.map((h) => [h.day, h]));
  const open = WEEKDAYS.map((w) => byDay.get(w.day)).filter((h) => h && !h.closed) as TStore['openingHours'];
  if (open.length === 0) return 'Closed all week';
  const spans = new Set(open.map((h) => `${h.open}–${h.close}`));
  if (spans.size > 1) return open.map((h) => `${SHORT[h.day]} ${h.open}–${h.close}`).join(' · ');
  const days = open.map((h) => SHORT[h.day]!);
  const dayText =
    days.length === 7
      ? 'every day'
      : days.length >= 3 && isRun(open)
        ? `${days[0]}–${days.at(-1)}`
        : days.join(', ');
  return `${[...spans][0]}, ${dayText}`;
}

/** True when the open days follow each other in the Monday-first week (Mon, Tue, Wed…). */
function isRun(open: TStore['openingHours']): boolean {
  const order = WEEKDAYS.map((w) => w.day as number);
  const at = open.map((h) => order.indexOf(h.day));
  return at.every((i, k) => k === 0 || i === at[k - 1]! + 1);
}

/** Case-insensitive match on the name, code, area, address, time zone or a tag. */
export function searchStores(stores: TStore[], q: string, areas: TAreaNames): TStore[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return stores;
  return stores.filter((s) =>
    [s.name, s.code ?? '', areaOf(s, areas), s.address, s.timeZone, ...s.tags].some((v) =>
      v.toLowerCase().includes(needle),
    ),
  );
}

const text = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function sortStores(stores: TStore[], { sort, order }: TStoreSortState, areas: TAreaNames): TStore[] {
  const key = (s: TStore): string | number => {
    switch (sort) {
      case 'name':
        return s.name;
      case 'code':
        return s.code ?? '';
      case 'area':
        return areaOf(s, areas);
      case 'timeZone':
        return s.timeZone;
      case 'interfaces':
        return interfacesOn(s);
      case 'hours':
        return hoursSummary(s);
    }
  };
  const sign = order === 'asc' ? 1 : -1;
  return [...stores].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c =
      typeof ka === 'number' && typeof kb === 'number' ? ka - kb : text.compare(String(ka), String(kb));
    // Ties (and blanks) keep the name order, so the list never looks shuffled.
    return c * sign || text.compare(a.name, b.name);
  });
}

/** Clicking the current column flips it; another column starts ascending. */
export function nextSort(current: TStoreSortState, column: TStoreSort): TStoreSortState {
  if (current.sort !== column) return { sort: column, order: 'asc' };
  return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
}
