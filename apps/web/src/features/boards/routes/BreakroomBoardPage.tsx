// /board/:token — the breakroom TV (no login): live over the socket, refetched every half minute, never an error page.
import { Box, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useBoardSocket } from '../api/board-socket';
import { isSwitchedOff, usePublicBoard } from '../api/boards';
import { BoardView } from '../components/BoardView';

function Screen({ children }: { children: React.ReactNode }) {
  return (
    <Box as="main" bg="gray.950" color="white" minH="100dvh">
      {children}
    </Box>
  );
}

/** A calm full-screen message (switched off, connecting): large enough to read across the room. */
export function BoardMessage({ title, detail, busy }: { title: string; detail?: string; busy?: boolean }) {
  return (
    <Screen>
      <Center minH="100dvh" p="10">
        <Stack align="center" gap="6" textAlign="center" role="status">
          {busy ? <Spinner size="xl" color="teal.300" aria-hidden /> : null}
          <Text as="h1" fontSize="5xl" fontWeight="semibold">
            {title}
          </Text>
          {detail ? (
            <Text fontSize="3xl" color="whiteAlpha.700">
              {detail}
            </Text>
          ) : null}
        </Stack>
      </Center>
    </Screen>
  );
}

export function BreakroomBoardPage() {
  const token = useParams().token ?? '';
  const board = usePublicBoard(token);
  useBoardSocket(token, () => void board.refetch());
  useEffect(() => {
    document.title = paths.board.title;
  }, []);

  if (isSwitchedOff(board.error)) {
    return (
      <BoardMessage title="This board has been switched off" detail="Ask your manager for a new link." />
    );
  }
  // failed tries are retried for ever (never an error state): a failure count says the board is not reaching the API
  const trouble = board.failureCount > 0;
  if (!board.data) {
    return <BoardMessage title={trouble ? 'Connecting to the board…' : 'Loading the board…'} busy />;
  }
  return (
    <Screen>
      <BoardView data={board.data.body} offline={trouble} />
    </Screen>
  );
}

/** The board route's own error boundary: a render failure shows a calm message and reloads, never an error page. */
export function BoardErrorFallback() {
  useEffect(() => {
    const reload = setTimeout(() => window.location.reload(), 30_000);
    return () => clearTimeout(reload);
  }, []);
  return <BoardMessage title="Connecting to the board…" busy />;
}
