// Interface switches and opening hours applied to many stores in one request; the store list refreshes after.
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import { invalidateStoreData } from '@/lib/stores-query';

export function useBulkStoreChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => invalidateStoreData(queryClient);
  return {
    interfaces: tsr.storeBulk.interfaces.useMutation({ onSettled }),
    openingHours: tsr.storeBulk.openingHours.useMutation({ onSettled }),
  };
}
