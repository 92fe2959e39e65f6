// The business's enrolled kiosk tablets (list, revoke): what the Kiosk tablets dialog reads and changes.
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const KIOSKS_QUERY_KEY = ['kiosks'] as const;

export function useKiosks(enabled: boolean) {
  return tsr.kiosks.list.useQuery({ queryKey: KIOSKS_QUERY_KEY, enabled, staleTime: 0 });
}

export function useRevokeKiosk() {
  const queryClient = useQueryClient();
  return tsr.kiosks.revoke.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: KIOSKS_QUERY_KEY }),
  });
}
