// Targets: the business's list, the effective targets at one node, and setting or removing one (refreshes dashboards).
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const TARGETS_QUERY_KEY = ['targets'] as const;

export function useTargets() {
  return tsr.targets.list.useQuery({ queryKey: TARGETS_QUERY_KEY, queryData: { query: {} } });
}

export function useEffectiveTargets(node: string | null) {
  return tsr.targets.list.useQuery({
    queryKey: [...TARGETS_QUERY_KEY, node],
    queryData: { query: { node: node ?? undefined } },
    enabled: node !== null,
  });
}

/** The tree's areas, under the same key the Structure page keeps them. */
export function useTreeAreas() {
  return tsr.areas.list.useQuery({ queryKey: ['areas'] });
}

export function useSetTarget() {
  const queryClient = useQueryClient();
  return tsr.targets.set.useMutation({
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TARGETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['analytics'] }),
      ]),
  });
}
