// The "API keys" section: the business's keys (prefix, scopes, stores, creator, dates), create (shown once), revoke.
import { Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { TApiKey } from '@cx/contracts';
import { useState } from 'react';
import { LuKeyRound, LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { useStores } from '@/lib/stores-query';
import { routeAttrs } from '@/lib/actions';
import { useApiKeyMutations, useApiKeys } from '../api/api-keys';
import { ApiKeyList } from './ApiKeyList';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

export function ApiKeysPanel() {
  const keys = useApiKeys();
  const stores = useStores().data?.body.stores ?? [];
  const { revoke } = useApiKeyMutations();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const list = keys.data?.body.keys ?? [];

  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(
      { params: { id: revoking._id } },
      {
        onSuccess: () => toaster.success({ title: `The key "${revoking.name}" was revoked` }),
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
        onSettled: () => setRevoking(null),
      },
    );

  return (
    <Stack as="section" aria-labelledby="api-keys-title" gap="3">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1" minW="0" flex="1">
          <Heading as="h2" id="api-keys-title" size="lg">
            API keys
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Let another system read ratings or analytics with <code>Authorization: Bearer cxk_…</code>. See
            the{' '}
            <Link href="/api/docs" target="_blank" rel="noreferrer" variant="underline">
              API reference
            </Link>
            .
          </Text>
        </Stack>
        <Button
          {...routeAttrs('integrations.createApiKey')}
          colorPalette="brand"
          onClick={() => setCreating(true)}
        >
          <LuPlus aria-hidden /> Create API key
        </Button>
      </HStack>
      <QueryStates
        query={keys}
        loading={{ label: 'Loading the API keys', rows: 2, height: '16' }}
        what="the API keys"
        isEmpty={list.length === 0}
        empty={
          <EmptyList
            icon={<LuKeyRound />}
            title="No API keys yet"
            description="Create a key for each system that reads your feedback, so each can be revoked on its own."
          />
        }
      >
        {() => <ApiKeyList keys={list} stores={stores} onRevoke={setRevoking} />}
      </QueryStates>
      <CreateApiKeyDialog open={creating} stores={stores} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke the API key?"
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      >
        <Text>
          Every system using “{revoking?.name}” ({revoking?.prefix}…) is refused from its next request. This
          cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
