// An alert's acknowledgement: "Acknowledged by X, time" once someone has, else the button that acknowledges it.
import { Button, Text } from '@chakra-ui/react';
import type { TNotification } from '@cx/contracts';
import { LuCheck } from 'react-icons/lu';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { ackTime, useAcknowledgeAlert } from '../api/acknowledge';

export function AcknowledgeAlert({ notification }: { notification: TNotification }) {
  const acknowledge = useAcknowledgeAlert();
  if (!notification.acknowledgeable) return null;
  const ack = notification.acknowledgement;
  if (ack) {
    return (
      <Text fontSize="xs" color="green.fg" data-testid="acknowledgement">
        <LuCheck aria-hidden style={{ display: 'inline', verticalAlign: 'middle' }} /> Acknowledged by{' '}
        {ack.by}, <time dateTime={ack.at}>{ackTime(ack.at)}</time>
      </Text>
    );
  }
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="brand"
      alignSelf="start"
      loading={acknowledge.isPending}
      onClick={() =>
        acknowledge.mutate(
          { params: { id: notification._id } },
          {
            onSuccess: (res) => {
              if (!res.body.acknowledged) toaster.info({ title: res.body.message });
            },
            onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
          },
        )
      }
    >
      Acknowledge
    </Button>
  );
}
