// The audit log: newest first, a page at a time (nextCursor), filtered by person, store, kind and period.
import type { TAuditFilter } from '@cx/contracts';
import { tsr } from '@/lib/api-client';

export const AUDIT_PAGE_SIZE = 50;

/** Only the filters that are set, so the query key and the URL stay short. */
export function auditQuery(filter: TAuditFilter): TAuditFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as TAuditFilter;
}

export function useAuditLog(filter: TAuditFilter, enabled = true) {
  const query = auditQuery(filter);
  return tsr.audit.list.useInfiniteQuery({
    queryKey: ['audit', query],
    queryData: ({ pageParam }) => ({
      query: {
        ...query,
        limit: AUDIT_PAGE_SIZE,
        ...(typeof pageParam === 'string' && pageParam ? { cursor: pageParam } : {}),
      },
    }),
    initialPageParam: '',
    getNextPageParam: (last: { body: { nextCursor: string | null } }) => last.body.nextCursor ?? undefined,
    enabled,
  });
}
