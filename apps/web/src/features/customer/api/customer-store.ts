// The store as the customer pages see it (one public call), remembered locally so a kiosk on flaky Wi-Fi still opens.
import type { TCustomerStore } from '@cx/contracts';
import { ZObjectIdSchema } from '@cx/contracts';
import { useEffect } from 'react';
import { tsr } from '@/lib/api-client';

const cacheKey = (storeId: string) => `cx.store.${storeId}`;

function remembered(storeId: string): TCustomerStore | undefined {
  try {
    const raw = localStorage.getItem(cacheKey(storeId));
    return raw ? (JSON.parse(raw) as TCustomerStore) : undefined;
  } catch {
    return undefined;
  }
}

export const isStoreId = (value: string | null): value is string => ZObjectIdSchema.safeParse(value).success;

export function customerStoreQueryKey(storeId: string | null) {
  return ['customer-store', storeId] as const;
}

export function useCustomerStore(storeId: string | null) {
  const valid = isStoreId(storeId);
  const cached = valid ? remembered(storeId) : undefined;
  const query = tsr.feedback.getStore.useQuery({
    queryKey: customerStoreQueryKey(storeId),
    queryData: { params: { storeId: storeId ?? '' } },
    enabled: valid,
    // Staff on shift change during the day: the remembered copy shows at once and is refreshed straight away.
    staleTime: 30_000,
    initialData: cached ? { status: 200 as const, body: cached, headers: new Headers() } : undefined,
    initialDataUpdatedAt: 0,
  });
  const body = query.data?.body;
  useEffect(() => {
    if (!valid || !body) return;
    try {
      localStorage.setItem(cacheKey(storeId), JSON.stringify(body));
    } catch {
      // Not remembering is fine: the page just needs the network next time.
    }
  }, [valid, storeId, body]);
  return { store: body, query, valid };
}
