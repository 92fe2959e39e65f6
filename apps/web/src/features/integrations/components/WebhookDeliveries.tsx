// One endpoint's delivery log, newest first: status, time, response code, duration, the payload, and redeliver.
import { Badge, Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TWebhookDelivery } from '@cx/contracts';
import { LoadError, LoadingRows } from '@/components/LoadState';
import { Pager } from '@/components/Pager';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { useWebhookDeliveries, useWebhookMutations } from '../api/webhooks';

const PAGE_SIZE = 10;
const STATUS: Record<TWebhookDelivery['status'], { label: string; palette: string }> = {
  succeeded: { label: 'Delivered', palette: 'green' },
  pending: { label: 'Retrying', palette: 'orange' },
  failed: { label: 'Failed', palette: 'red' },
};
const when = (iso: string) => new Date(iso).toLocaleString();

function DeliveryRow({
  d,
  onRedeliver,
  busy,
}: {
  d: TWebhookDelivery;
  onRedeliver: () => void;
  busy: boolean;
}) {
  const status = STATUS[d.status];
  const label = `${d.type} ${status.label}`;
  return (
    <Box as="li" aria-label={label} borderWidth="1px" rounded="md" p="3" listStyleType="none">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack wrap="wrap" gap="2" minW="0">
          <Badge colorPalette={status.palette}>{status.label}</Badge>
          <Text fontWeight="medium" wordBreak="break-all">
            {d.type}
          </Text>
        </HStack>
        <Button size="xs" variant="outline" onClick={onRedeliver} loading={busy}>
          Redeliver
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {when(d.lastAttemptAt ?? d.createdAt)} · {d.responseCode ? `HTTP ${d.responseCode}` : 'no answer'}
        {d.durationMs !== null ? ` · ${d.durationMs} ms` : ''} · {d.attempts}{' '}
        {d.attempts === 1 ? 'attempt' : 'attempts'}
        {d.nextAttemptAt ? ` · next try ${when(d.nextAttemptAt)}` : ''}
      </Text>
      {d.error ? (
        <Text fontSize="sm" color="fg.error">
          {d.error}
        </Text>
      ) : null}
      <details>
        <summary>Payload</summary>
        <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2" fontSize="xs">
          {d.payload}
        </Code>
      </details>
    </Box>
  );
}

export function WebhookDeliveries({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const [page, setPage] = useState(1);
  const query = useWebhookDeliveries(endpointId, page, PAGE_SIZE);
  const { redeliver } = useWebhookMutations();
  if (query.isPending) return <LoadingRows rows={2} height="12" label="Loading deliveries" />;
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} what="deliveries" />;
  const { deliveries, total } = query.data.body;
  if (deliveries.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        Nothing delivered yet. Send a test event to try the endpoint.
      </Text>
    );
  const again = (d: TWebhookDelivery) =>
    redeliver.mutate(
      { params: { id: endpointId, deliveryId: d._id } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: 'Queued for redelivery' });
          void query.refetch();
        },
        onError: (err) => toaster.create({ type: 'error', title: apiErrorMessage(err) }),
      },
    );
  return (
    <Stack gap="2">
      <Stack as="ul" gap="2" aria-label="Deliveries" p="0" m="0">
        {deliveries.map((d) => (
          <DeliveryRow
            key={d._id}
            d={d}
            busy={redeliver.isPending && redeliver.variables?.params.deliveryId === d._id}
            onRedeliver={() =>
              enabled ? again(d) : toaster.create({ type: 'info', title: 'Turn the endpoint on first' })
            }
          />
        ))}
      </Stack>
      <Pager page={page} total={total} pageSize={PAGE_SIZE} onPage={setPage} label="Delivery pages" />
    </Stack>
  );
}
