// The signed-in business's store list, cached under one key that every feature reads and every store change invalidates.
import type { QueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

/** Spec §7: creating, updating or deleting a store invalidates the cached store list. */
export const STORES_QUERY_KEY = ['stores'] as const;

export function useStores(enabled = true) {
  return tsr.stores.list.useQuery({ queryKey: STORES_QUERY_KEY, queryData: { query: {} }, enabled });
}

/** After a store changes: the list, and everything that shows store names or pictures next to people and shifts. */
export function invalidateStoreData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: STORES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['staff'] }),
    queryClient.invalidateQueries({ queryKey: ['rota'] }),
    queryClient.invalidateQueries({ queryKey: ['interfaces'] }),
  ]);
}
