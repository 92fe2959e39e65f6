// The location tree: the area list under one cache key, and the area and store moves that change it.
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import { invalidateStoreData } from '@/lib/stores-query';

export const AREAS_QUERY_KEY = ['areas'] as const;

export function useAreas() {
  return tsr.areas.list.useQuery({ queryKey: AREAS_QUERY_KEY });
}

/** Create, rename/move and delete an area; each refreshes the tree (a delete or move also the stores under it). */
export function useAreaChanges() {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: AREAS_QUERY_KEY }),
      invalidateStoreData(queryClient),
    ]);
  return {
    create: tsr.areas.create.useMutation({ onSettled }),
    update: tsr.areas.update.useMutation({ onSettled }),
    remove: tsr.areas.remove.useMutation({ onSettled }),
  };
}

/** Moves stores to an area, one PUT each (the store route is the one place a store's area changes). */
export function useMoveStores() {
  const queryClient = useQueryClient();
  const update = tsr.stores.update.useMutation();
  const move = async (storeIds: string[], area: string) => {
    try {
      for (const id of storeIds) await update.mutateAsync({ params: { id }, body: { area } });
    } finally {
      await Promise.all([
        invalidateStoreData(queryClient),
        queryClient.invalidateQueries({ queryKey: AREAS_QUERY_KEY }),
      ]);
    }
  };
  return { move, pending: update.isPending };
}
