// Integrations › Webhooks: the business's endpoints (add with stores, secret once, rotate, on/off, delete, test) and logs.
import { Badge, Box, Button, Card, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_LABELS, type TStore, type TWebhook } from '@cx/contracts';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyList, LoadError, LoadingRows } from '@/components/LoadState';
import { Pager } from '@/components/Pager';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { storeNames, storeNamesShort } from '@/lib/store-names';
import { useStores } from '@/lib/stores-query';
import { routeAttrs } from '@/lib/actions';
import { useWebhookMutations, useWebhooks, WEBHOOKS_PAGE_SIZE } from '../api/webhooks';
import { SecretOnce } from './SecretOnce';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookForm } from './WebhookForm';

const failed = (err: unknown) => toaster.create({ type: 'error', title: apiErrorMessage(err) });

type TEndpointCardProps = { endpoint: TWebhook; stores: TStore[]; onSecret: (secret: string) => void };

function EndpointCard({ endpoint, stores, onSecret }: TEndpointCardProps) {
  const m = useWebhookMutations();
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const [showLog, setShowLog] = useState(false);
  const params = { id: endpoint._id };
  const toggle = (enabled: boolean) => m.update.mutate({ params, body: { enabled } }, { onError: failed });
  const sendTest = () =>
    m.test.mutate(
      { params },
      { onSuccess: () => toaster.create({ type: 'success', title: 'Test event queued' }), onError: failed },
    );
  const rotate = () =>
    m.rotate.mutate(
      { params },
      {
        onSuccess: (res) => {
          setConfirm(null);
          onSecret(res.body.secret);
        },
        onError: failed,
      },
    );
  const remove = () => m.remove.mutate({ params }, { onSuccess: () => setConfirm(null), onError: failed });

  return (
    <Card.Root as="li" aria-label={endpoint.url} listStyleType="none">
      <Card.Body gap="3" p={{ base: '3', sm: '5' }}>
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Box minW="0" flex="1">
            <Text fontWeight="semibold" wordBreak="break-all">
              {endpoint.url}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(' · ')}
            </Text>
            <Text
              fontSize="sm"
              color="fg.muted"
              overflowWrap="anywhere"
              title={storeNames(endpoint.stores, stores)}
            >
              Stores: {storeNamesShort(endpoint.stores, stores)}
            </Text>
          </Box>
          <Switch.Root
            checked={endpoint.enabled}
            disabled={m.update.isPending}
            onCheckedChange={(d) => toggle(d.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Send events</Switch.Label>
          </Switch.Root>
        </HStack>
        {endpoint.disabledReason ? (
          <Badge colorPalette="red" whiteSpace="normal" alignSelf="flex-start">
            Turned off: {endpoint.disabledReason}
          </Badge>
        ) : endpoint.failingSince ? (
          <Badge colorPalette="orange" alignSelf="flex-start">
            Failing since {new Date(endpoint.failingSince).toLocaleString()}
          </Badge>
        ) : null}
        {endpoint.previousSecretExpiresAt ? (
          <Text fontSize="sm" color="fg.muted">
            The previous secret also signs until {new Date(endpoint.previousSecretExpiresAt).toLocaleString()}
            .
          </Text>
        ) : null}
        <HStack wrap="wrap" gap="2">
          <Button size="sm" onClick={sendTest} loading={m.test.isPending} disabled={!endpoint.enabled}>
            Send test event
          </Button>
          <Button size="sm" variant="outline" onClick={() => setShowLog(!showLog)} aria-expanded={showLog}>
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirm('rotate')}>
            Rotate secret
          </Button>
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setConfirm('delete')}>
            Delete
          </Button>
        </HStack>
        {showLog ? <WebhookDeliveries endpointId={endpoint._id} enabled={endpoint.enabled} /> : null}
      </Card.Body>
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate the signing secret?"
        confirmLabel="Rotate"
        pending={m.rotate.isPending}
        onConfirm={rotate}
        onClose={() => setConfirm(null)}
      >
        A new secret is shown once. The current one keeps signing alongside it for 24 hours, so you can update
        your receiver without missing events.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this endpoint?"
        confirmLabel="Delete"
        pending={m.remove.isPending}
        onConfirm={remove}
        onClose={() => setConfirm(null)}
      >
        Nothing more is sent to {endpoint.url}, and its delivery log is deleted.
      </ConfirmDialog>
    </Card.Root>
  );
}

export function WebhooksPanel() {
  const [page, setPage] = useState(1);
  const query = useWebhooks(page);
  const { create } = useWebhookMutations();
  const stores = useStores().data?.body.stores ?? [];
  const [secret, setSecret] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const total = query.data?.body.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / WEBHOOKS_PAGE_SIZE));
  const full = total >= WEBHOOK_ENDPOINTS_MAX;
  // Deleting the last endpoint of the last page leaves that page empty: show the page before it instead.
  // (Adjusted while rendering, as React advises for state derived from data, not in an effect.)
  if (query.isSuccess && page > lastPage) setPage(lastPage);

  const body = () => {
    if (query.isPending) return <LoadingRows rows={2} label="Loading webhooks" />;
    if (query.isError)
      return <LoadError error={query.error} onRetry={() => void query.refetch()} what="webhooks" />;
    const { webhooks } = query.data.body;
    if (webhooks.length === 0)
      return (
        <EmptyList
          icon={<span aria-hidden>↗</span>}
          title="No webhook endpoints yet"
          description="Add an endpoint and we will POST signed events to it as they happen."
        />
      );
    return (
      <Stack gap="3">
        <Stack
          as="ul"
          gap="3"
          aria-label="Webhook endpoints"
          p="0"
          m="0"
          opacity={query.isPlaceholderData ? 0.6 : 1}
        >
          {webhooks.map((w) => (
            <EndpointCard key={w._id} endpoint={w} stores={stores} onSecret={setSecret} />
          ))}
        </Stack>
        <Pager
          page={page}
          total={total}
          pageSize={WEBHOOKS_PAGE_SIZE}
          onPage={setPage}
          label="Webhook endpoint pages"
        />
      </Stack>
    );
  };

  return (
    <Stack as="section" gap="4" aria-labelledby="webhooks-heading" maxW="full" minW="0">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md" id="webhooks-heading">
          Webhooks
        </Heading>
        <Button
          {...routeAttrs('integrations.createWebhook')}
          size="sm"
          onClick={() => setAdding(!adding)}
          aria-expanded={adding}
          disabled={full && !adding}
        >
          {adding ? 'Cancel' : 'Add endpoint'}
        </Button>
      </HStack>
      {full ? (
        <Text fontSize="sm" color="fg.muted">
          This business has {total} endpoints, the most it can have. Delete one you no longer use to add
          another.
        </Text>
      ) : null}
      <Text fontSize="sm" color="fg.muted">
        Signed as the Standard Webhooks specification says (webhook-id, webhook-timestamp, webhook-signature).
      </Text>
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      {adding ? (
        <Card.Root>
          <Card.Body p={{ base: '3', sm: '5' }}>
            <WebhookForm
              pending={create.isPending}
              stores={stores}
              onSubmit={async (b) => {
                const res = await create.mutateAsync({ body: b });
                setSecret(res.body.secret);
                setAdding(false);
                setPage(1); // the newest endpoint is first
              }}
            />
          </Card.Body>
        </Card.Root>
      ) : null}
      {body()}
    </Stack>
  );
}
