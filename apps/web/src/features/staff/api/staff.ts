// Staff list (filtered on the server), mutations that refresh it, and who is on shift now.
import type { TStaffListQuery } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const STAFF_QUERY_KEY = ['staff'] as const;
export const ON_SHIFT_QUERY_KEY = ['rota', 'on-shift'] as const;

export function useStaffList(query: TStaffListQuery) {
  return tsr.staff.list.useQuery({
    queryKey: [...STAFF_QUERY_KEY, query],
    queryData: { query },
    // Keep showing the previous result while a new search or filter loads, instead of flashing skeletons.
    placeholderData: (previous) => previous,
  });
}

export function useStaffMutations() {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['rota'] }),
    ]);
  return {
    create: tsr.staff.create.useMutation({ onSettled }),
    update: tsr.staff.update.useMutation({ onSettled }),
    remove: tsr.staff.remove.useMutation({ onSettled }),
    uploadPhoto: tsr.staff.uploadPhoto.useMutation({ onSettled }),
  };
}

/** Refreshed every minute so a screen left open on a tablet stays right as shifts start and end. */
export function useOnShift(store: string) {
  return tsr.rota.onShift.useQuery({
    queryKey: [...ON_SHIFT_QUERY_KEY, store],
    queryData: { query: store ? { store } : {} },
    refetchInterval: 60_000,
  });
}
