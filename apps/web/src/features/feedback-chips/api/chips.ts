// The business's rating chips under one cache key; saving or resetting refreshes it.
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const CHIPS_QUERY_KEY = ['feedback-chips'] as const;

export function useFeedbackChips() {
  return tsr.feedbackChips.get.useQuery({ queryKey: CHIPS_QUERY_KEY });
}

export function useFeedbackChipChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: CHIPS_QUERY_KEY });
  return {
    save: tsr.feedbackChips.put.useMutation({ onSettled }),
    reset: tsr.feedbackChips.reset.useMutation({ onSettled }),
  };
}
