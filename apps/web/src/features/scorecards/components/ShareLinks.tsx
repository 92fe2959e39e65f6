// Share links of a scorecard: create one (its url shown once, with Copy), list them with last seen, revoke one.
import { Alert, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import type { TScorecardQuery, TScorecardShare } from '@cx/contracts';
import { useState } from 'react';
import { LuCopy, LuLink, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryStates } from '@/components/LoadState';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { PERIOD_LABELS } from '@/lib/analytics/filters';
import { useShareLinks, useShareMutations } from '../api/scorecards';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

function ShareRow({ share, onRevoke }: { share: TScorecardShare; onRevoke: () => void }) {
  return (
    <HStack as="li" justify="space-between" wrap="wrap" gap="2" py="2" borderBottomWidth="1px">
      <Text fontSize="sm">
        {PERIOD_LABELS[share.period.period]} · created {when(share.createdAt)}
        {share.createdBy ? ` by ${share.createdBy.name}` : ''} · last seen {when(share.lastSeenAt)}
        {share.revokedAt ? ` · revoked ${when(share.revokedAt)}` : ''}
      </Text>
      {share.revokedAt ? null : (
        <Button size="xs" variant="ghost" colorPalette="red" onClick={onRevoke}>
          <LuTrash2 aria-hidden /> Revoke
        </Button>
      )}
    </HStack>
  );
}

export function ShareLinks({
  staffId,
  name,
  query,
}: {
  staffId: string;
  name: string;
  query: TScorecardQuery;
}) {
  const links = useShareLinks(staffId);
  const { create, revoke } = useShareMutations(staffId);
  const [url, setUrl] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TScorecardShare | null>(null);
  const fail = (error: unknown) => toaster.create({ type: 'error', title: apiErrorMessage(error) });
  const createLink = () =>
    create.mutate(
      { params: { staffId }, body: { period: query.period, from: query.from, to: query.to } },
      { onSuccess: (res) => setUrl(res.body.url), onError: fail },
    );
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toaster.create({ type: 'success', title: 'Link copied' });
    } catch {
      toaster.create({ type: 'error', title: 'Could not copy: select the link and copy it yourself' });
    }
  };
  return (
    <Stack gap="3" as="section" aria-label="Share links">
      <HStack wrap="wrap" gap="2">
        <Button size="sm" variant="outline" onClick={createLink} loading={create.isPending}>
          <LuLink aria-hidden /> Share link
        </Button>
      </HStack>
      {url ? (
        <Alert.Root status="success">
          <Alert.Content minW="0">
            <Alert.Title>Private link to {name}'s scorecard (shown once)</Alert.Title>
            <Alert.Description>
              <Code colorPalette="gray" wordBreak="break-all" whiteSpace="normal" data-testid="share-url">
                {url}
              </Code>
            </Alert.Description>
          </Alert.Content>
          <Button size="sm" colorPalette="brand" onClick={() => void copy()}>
            <LuCopy aria-hidden /> Copy
          </Button>
        </Alert.Root>
      ) : null}
      <QueryStates
        query={links}
        loading={{ label: 'Loading share links', rows: 1, height: '8' }}
        what="share links"
        isEmpty={links.data?.body.shares.length === 0}
        empty={
          <Text fontSize="sm" color="fg.muted">
            No share links yet.
          </Text>
        }
      >
        {() => (
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Existing share links">
            {links.data!.body.shares.map((s) => (
              <ShareRow key={s._id} share={s} onRevoke={() => setRevoking(s)} />
            ))}
          </Stack>
        )}
      </QueryStates>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this link?"
        confirmLabel="Revoke link"
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoke.mutate(
            { params: { id: revoking!._id } },
            {
              onSuccess: () => {
                setRevoking(null);
                toaster.create({ type: 'success', title: 'Link revoked' });
              },
              onError: fail,
            },
          )
        }
      >
        Anyone opening it will see that the scorecard is no longer available.
      </ConfirmDialog>
    </Stack>
  );
}
