// Interface toggles per store (dashboard) and the public check Select Store makes before opening a store.
import { INTERFACE_KEYS, type TStoreInterfaces } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import { STORES_QUERY_KEY } from '@/lib/stores-query';

/** Spec §8 messages, word for word. */
export const INTERFACES_FETCH_FAILED = 'An error occurred while fetching interface details.';
export const ALL_INTERFACES_DISABLED =
  'All interfaces are disabled. Please enable at least one interface first.';
export const ALL_DISABLED_TOAST_MS = 7000;
export const REDIRECTING_MESSAGE = 'Please wait, you are redirecting to the selected store.';

export const anyEnabled = (interfaces: TStoreInterfaces) => INTERFACE_KEYS.some((k) => interfaces[k].status);

/**
 * The store's interfaces through the same public call the QR pages use. A failed fetch counts as "all disabled"
 * (spec §4), so it answers null and the caller shows the fetch-failure message.
 */
export async function fetchPublicInterfaces(storeId: string): Promise<TStoreInterfaces | null> {
  try {
    const res = await tsr.anonymous.getUserInterfaces.query({ params: { storeId } });
    return res.status === 200 ? res.body.interfaces : null;
  } catch {
    return null;
  }
}

export function useUpdateInterfaces() {
  const queryClient = useQueryClient();
  return tsr.stores.updateInterfaces.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: STORES_QUERY_KEY }),
  });
}
