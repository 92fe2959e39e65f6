// The case queries and changes (#37) through the contract: the inbox by cursor, one case, its work, notes, replies,
// ruling, the settings and the numbers; every change refreshes the inbox and the case it touched.
import {
  CASE_STATUSES,
  type TCaseDetail,
  type TCaseListQuery,
  type TCasePage,
  type TCaseStatus,
} from '@cx/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const CASES_QUERY_KEY = ['cases'] as const;
export const CASE_PAGE_SIZE = 25;

/** The inbox's filters as the URL holds them ('' = any); status defaults to the open ones. */
export type TCaseFilters = {
  status: TCaseStatus | 'open' | 'all';
  store: string;
  area: string;
  owner: '' | 'me' | 'none';
  overdue: boolean;
};

export function readCaseFilters(params: URLSearchParams): TCaseFilters {
  const status = params.get('status');
  const owner = params.get('owner');
  return {
    status:
      status === 'all' || status === 'open' || CASE_STATUSES.includes(status as TCaseStatus)
        ? (status as TCaseFilters['status'])
        : 'open',
    store: /^[0-9a-f]{24}$/i.test(params.get('store') ?? '') ? params.get('store')! : '',
    area: /^[0-9a-f]{24}$/i.test(params.get('area') ?? '') ? params.get('area')! : '',
    owner: owner === 'me' || owner === 'none' ? owner : '',
    overdue: params.get('overdue') === 'true',
  };
}

/** The contract's list query for these filters (without paging). */
export function caseListQuery(f: TCaseFilters): TCaseListQuery {
  return {
    ...(f.status === 'all' ? {} : { status: f.status }),
    ...(f.store ? { store: f.store } : {}),
    ...(f.area ? { area: f.area } : {}),
    ...(f.owner ? { owner: f.owner } : {}),
    ...(f.overdue ? { overdue: 'true' as const } : {}),
  };
}

export function useCaseList(filters: TCaseFilters) {
  const query = caseListQuery(filters);
  return tsr.cases.list.useInfiniteQuery({
    queryKey: [...CASES_QUERY_KEY, 'list', query],
    queryData: ({ pageParam }) => ({
      query: {
        ...query,
        limit: CASE_PAGE_SIZE,
        ...(typeof pageParam === 'string' && pageParam ? { cursor: pageParam } : {}),
      },
    }),
    initialPageParam: '',
    getNextPageParam: (last: { body: TCasePage }) => last.body.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function caseKey(id: string) {
  return [...CASES_QUERY_KEY, 'one', id] as const;
}

export function useCase(id: string, enabled = true) {
  return tsr.cases.get.useQuery({ queryKey: caseKey(id), queryData: { params: { id } }, enabled });
}

/** Changes to one case: the answer (the case itself) replaces the cached one; the inbox refreshes. */
export function useCaseChanges(id: string) {
  const client = tsr.useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: CASES_QUERY_KEY });
  const store = (body: TCaseDetail) => {
    client.setQueryData(caseKey(id), { status: 200, body, headers: new Headers() });
    return client.invalidateQueries({ queryKey: [...CASES_QUERY_KEY, 'list'] });
  };
  return {
    update: tsr.cases.update.useMutation({ onSuccess: ({ body }) => store(body) }),
    addNote: tsr.cases.addNote.useMutation({ onSuccess: refresh }),
    reply: tsr.caseLoop.reply.useMutation({ onSuccess: refresh }),
    rule: tsr.caseLoop.rule.useMutation({ onSuccess: ({ body }) => store(body) }),
  };
}

/** Members who could own a case (the team list: managers and above read it, and only they reassign). */
export function useCaseMembers(enabled: boolean) {
  return tsr.team.members.useQuery({ queryKey: ['team', 'members'], enabled });
}

export const CASE_SETTINGS_KEY = [...CASES_QUERY_KEY, 'settings'] as const;

export function useCaseSettings(enabled = true) {
  return tsr.cases.getSettings.useQuery({ queryKey: CASE_SETTINGS_KEY, enabled });
}

export function useSaveCaseSettings() {
  const client = tsr.useQueryClient();
  return tsr.cases.putSettings.useMutation({
    onSuccess: ({ body }) =>
      client.setQueryData(CASE_SETTINGS_KEY, { status: 200, body, headers: new Headers() }),
  });
}
