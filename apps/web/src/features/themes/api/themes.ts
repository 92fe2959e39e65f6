// Renaming, merging and hiding comment themes; each change refreshes the vocabulary and every figure that names themes.
import { tsr } from '@/lib/api-client';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';

export function useUpdateTheme() {
  const client = tsr.useQueryClient();
  return tsr.themes.updateTheme.useMutation({
    onSuccess: () => client.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY }),
  });
}
