// How a list of store ids reads: the stores' names in the list's order, or "All stores" for none (= every store).
import type { TStore } from '@cx/contracts';

export const ALL_STORES = 'All stores';

type TNamed = Pick<TStore, '_id' | 'name'>;

/** Every name, comma-separated; a store deleted since shows as "a removed store" rather than vanishing. */
export function storeNames(ids: string[] | null, stores: readonly TNamed[]): string {
  return storeNameList(ids, stores).join(', ') || ALL_STORES;
}

/** The first `shown` names and "+N more" for the rest, for rows that must stay short on a phone. */
export function storeNamesShort(ids: string[] | null, stores: readonly TNamed[], shown = 3): string {
  const names = storeNameList(ids, stores);
  if (names.length === 0) return ALL_STORES;
  const rest = names.length - shown;
  return rest > 0 ? `${names.slice(0, shown).join(', ')} +${rest} more` : names.join(', ');
}

function storeNameList(ids: string[] | null, stores: readonly TNamed[]): string[] {
  const byId = new Map(stores.map((s) => [s._id, s.name]));
  return (ids ?? []).map((id) => byId.get(id) ?? 'a removed store');
}
