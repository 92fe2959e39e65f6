// The location tree's areas under the one cache key every screen shares (the Structure page's changes refresh it).
import { tsr } from '@/lib/api-client';

export const AREAS_QUERY_KEY = ['areas'] as const;

export function useAreaList(enabled = true) {
  return tsr.areas.list.useQuery({ queryKey: AREAS_QUERY_KEY, enabled });
}
