// The plan catalogue from GET /plans, cached once for the plans dialog and /my-subscription (one source: the API).
import { tsr } from '@/lib/api-client';

export const PLANS_QUERY_KEY = ['plans'] as const;

export function usePlans() {
  return tsr.plans.list.useQuery({ queryKey: PLANS_QUERY_KEY, staleTime: 5 * 60_000 });
}
