// Breakroom board links of one store (from its card on /manage-stores): a TV link or pairing code, last seen, switch off.
import { Button, Dialog, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { TBoard, TStore } from '@cx/contracts';
import { useState } from 'react';
import { LuCopy, LuMonitor, LuPlus } from 'react-icons/lu';
import { DialogShell } from '@/components/DialogShell';
import { RevocableRow } from '@/components/RevocableRow';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { useBoards, useCreateBoard, useSwitchOffBoard } from '../api/boards';
import { TvPairing } from './TvPairing';

export type TBreakroomBoardDialogProps = { store: TStore | null; onClose: () => void };

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Last seen 4 May 2026, 10:00" or "Not opened on a TV yet". */
export const lastSeenOf = (board: Pick<TBoard, 'lastSeenAt'>) =>
  board.lastSeenAt ? `Last seen ${when(board.lastSeenAt)}` : 'Not opened on a TV yet';

function BoardRow({ board }: { board: TBoard }) {
  const switchOff = useSwitchOffBoard();
  return (
    <RevocableRow
      action="Switch off"
      pending={switchOff.isPending}
      run={async () => (await switchOff.mutateAsync({ params: { id: board._id } })).body.message}
    >
      <Stack gap="0" minW="0">
        <Text fontWeight="medium">{lastSeenOf(board)}</Text>
        <Text fontSize="xs" color="fg.muted">
          Created {when(board.createdAt)}
          {board.createdBy ? ` by ${board.createdBy.name}` : ''}
        </Text>
      </Stack>
    </RevocableRow>
  );
}

function NewLink({ url }: { url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toaster.success({ title: 'Link copied' });
    } catch {
      toaster.error({ title: 'Could not copy: select the link and copy it by hand' });
    }
  };
  return (
    <Stack gap="2" borderWidth="1px" borderColor="teal.300" bg="teal.subtle" rounded="lg" p="3">
      <Text fontWeight="medium">Open this link on the breakroom TV. It is shown only now.</Text>
      <HStack gap="2">
        <Input
          readOnly
          value={url}
          aria-label="Board link"
          onFocus={(e) => e.target.select()}
          fontSize="sm"
        />
        <Button onClick={() => void copy()} flexShrink={0}>
          <LuCopy aria-hidden /> Copy
        </Button>
      </HStack>
    </Stack>
  );
}

export function BreakroomBoardDialog({ store, onClose }: TBreakroomBoardDialogProps) {
  const open = store !== null;
  const boards = useBoards(open);
  const create = useCreateBoard();
  const [created, setCreated] = useState<string | null>(null);
  const list = (boards.data?.body.boards ?? []).filter((b) => b.store._id === store?._id);

  const close = () => {
    setCreated(null);
    onClose();
  };
  const onCreate = async () => {
    if (!store) return;
    try {
      const res = await create.mutateAsync({ body: { store: store._id } });
      setCreated(res.body.url);
    } catch (error) {
      toaster.error({ title: apiErrorMessage(error) });
    }
  };

  return (
    <DialogShell open={open} onClose={close} title="Breakroom board" size={{ base: 'full', sm: 'lg' }}>
      <Dialog.Body pb="6">
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            A full-screen board of {store?.name ?? 'the store'} for the staff TV: this week&apos;s score, the
            team and customers&apos; kind words — first names only, nothing negative. No login on the TV;
            switch a link off at any time.
          </Text>
          <Button
            colorPalette="brand"
            alignSelf="start"
            loading={create.isPending}
            onClick={() => void onCreate()}
          >
            <LuPlus aria-hidden /> Create a TV link
          </Button>
          {created ? <NewLink url={created} /> : null}
          {store ? <TvPairing store={store} /> : null}
          <QueryStates
            query={boards}
            loading={{ label: 'Loading board links', rows: 2, height: '14' }}
            what="the board links"
            isEmpty={list.length === 0}
            empty={
              <EmptyList
                icon={<LuMonitor />}
                title="No board links yet"
                description="Create a link and open it on the breakroom TV."
              />
            }
          >
            {() => (
              <Stack as="ul" role="list" aria-label="Board links" gap="3" listStyleType="none">
                {list.map((board) => (
                  <BoardRow key={board._id} board={board} />
                ))}
              </Stack>
            )}
          </QueryStates>
        </Stack>
      </Dialog.Body>
    </DialogShell>
  );
}
