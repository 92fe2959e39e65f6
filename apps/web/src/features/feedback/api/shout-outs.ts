// Hiding a shout-out from the breakroom board and the person's scorecard (or showing it again); the timeline refreshes.
import { tsr } from '@/lib/api-client';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';

export function useShoutOutVisibility() {
  const client = tsr.useQueryClient();
  return tsr.themes.updateShoutOut.useMutation({
    onSuccess: () => client.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY }),
  });
}
