// The Integrations page's "Alert channels" panel: connected Slack, Teams and email channels; add, test, remove.
import { Badge, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { ALERT_CHANNEL_LABELS, type TAlertChannel } from '@cx/contracts';
import { useState } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { useAlertChannels, useDeleteAlertChannel, useTestAlertChannel } from '../api/alert-channels';
import { AddAlertChannelForm } from './AddAlertChannelForm';

function ChannelRow({ channel, onRemove }: { channel: TAlertChannel; onRemove: () => void }) {
  const test = useTestAlertChannel();
  const last = channel.lastDelivery;
  return (
    <Stack as="li" gap="1" borderBottomWidth="1px" pb="3" minW="0">
      <Flex justify="space-between" gap="2" wrap="wrap" align="center">
        <HStack gap="2" minW="0">
          <Text fontWeight="semibold">{channel.name}</Text>
          <Badge size="sm">{ALERT_CHANNEL_LABELS[channel.kind]}</Badge>
        </HStack>
        <HStack gap="2">
          <Button
            size="xs"
            variant="outline"
            loading={test.isPending}
            onClick={() =>
              test.mutate(
                { params: { id: channel._id } },
                {
                  onSuccess: (res) => toaster.success({ title: res.body.message }),
                  onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
                },
              )
            }
          >
            Send test message
          </Button>
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={onRemove}
            aria-label={`Remove ${channel.name}`}
          >
            Remove
          </Button>
        </HStack>
      </Flex>
      <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
        {channel.target}
      </Text>
      {last ? (
        <Text fontSize="xs" color={last.ok ? 'green.fg' : 'fg.error'}>
          Last post {new Date(last.at).toLocaleString()}:{' '}
          {last.ok ? 'delivered' : `failed (${last.error ?? 'error'})`}
        </Text>
      ) : null}
    </Stack>
  );
}

export function AlertChannelsPanel() {
  const channels = useAlertChannels();
  const remove = useDeleteAlertChannel();
  const [removing, setRemoving] = useState<TAlertChannel | null>(null);
  const list = channels.data?.body.channels ?? [];
  return (
    <Card.Root as="section" aria-labelledby="alert-channels-title" data-feature="alert-channels">
      <Card.Header>
        <Card.Title as="h2" id="alert-channels-title">
          Alert channels
        </Card.Title>
        <Text color="fg.muted" fontSize="sm">
          Slack and Microsoft Teams incoming webhooks and email lists that alert rules can post to.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <QueryStates
            query={channels}
            loading={{ label: 'Loading alert channels', rows: 2, height: '12' }}
            what="alert channels"
            isEmpty={list.length === 0}
            empty={
              <EmptyList
                icon={<LuMessageSquare />}
                title="No alert channels"
                description="Connect Slack, Teams or an email list, then choose it on a rule."
              />
            }
          >
            {() => (
              <Stack as="ul" gap="3" listStyleType="none" aria-label="Alert channels">
                {list.map((c) => (
                  <ChannelRow key={c._id} channel={c} onRemove={() => setRemoving(c)} />
                ))}
              </Stack>
            )}
          </QueryStates>
          <AddAlertChannelForm />
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this channel?"
        confirmLabel="Remove"
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { params: { id: removing._id } },
            {
              onSuccess: () => setRemoving(null),
              onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
            },
          )
        }
      >
        Rules stop posting to “{removing?.name}”.
      </ConfirmDialog>
    </Card.Root>
  );
}
