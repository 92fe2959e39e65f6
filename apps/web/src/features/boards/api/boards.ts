// Breakroom boards: the management list (create, switch off) and the TV's own public board query.
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import { isHttpErrorResponse } from '@/lib/api-error';

export const BOARDS_QUERY_KEY = ['boards'] as const;
export const boardQueryKey = (token: string) => ['board', token] as const;
/** The TV refetches on its own this often, socket or not: it recovers from any missed nudge or outage. */
export const BOARD_REFETCH_MS = 30_000;

export function useBoards(enabled: boolean) {
  return tsr.boards.list.useQuery({ queryKey: BOARDS_QUERY_KEY, enabled, staleTime: 0 });
}

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return tsr.boards.create.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOARDS_QUERY_KEY }),
  });
}

export function useSwitchOffBoard() {
  const queryClient = useQueryClient();
  return tsr.boards.remove.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOARDS_QUERY_KEY }),
  });
}

export function useCreatePairing() {
  return tsr.boards.createPairing.useMutation();
}

/** A TV trades its pairing code for the board's link token. */
export function useRedeemPairing() {
  return tsr.boards.redeemPairing.useMutation();
}

/** A 404 is the server's word that the link is switched off; anything else is a passing outage. */
export const isSwitchedOff = (error: unknown) => isHttpErrorResponse(error) && error.status === 404;

export function usePublicBoard(token: string) {
  return tsr.boards.publicBoard.useQuery({
    queryKey: boardQueryKey(token),
    queryData: { params: { token } },
    refetchInterval: BOARD_REFETCH_MS,
    refetchIntervalInBackground: true,
    // keep trying through an outage (the last data stays on screen); a switched-off link is final
    retry: (_count, error) => !isSwitchedOff(error),
    retryDelay: (attempt) => Math.min(2_000 * 2 ** attempt, 30_000),
  });
}
