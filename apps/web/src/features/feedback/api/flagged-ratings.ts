// Flagged ratings for the dashboard review: the list by status, and restore (which refreshes the list).
import { tsr } from '@/lib/api-client';

export type TFlaggedStatus = 'pending' | 'restored';

export const flaggedRatingsKey = (status: TFlaggedStatus) => ['ratings', 'flagged', status] as const;

export function useFlaggedRatings(status: TFlaggedStatus) {
  return tsr.ratingReview.listFlagged.useQuery({
    queryKey: flaggedRatingsKey(status),
    queryData: { query: { status, page: 1, pageSize: 50 } },
  });
}

export function useRestoreRating() {
  const client = tsr.useQueryClient();
  return tsr.ratingReview.restore.useMutation({
    onSuccess: () => client.invalidateQueries({ queryKey: ['ratings'] }),
  });
}
