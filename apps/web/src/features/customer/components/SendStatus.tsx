// The outbox's state for the customer: "Saved, sending…" while anything waits, "Sent" briefly after, refusals toasted.
import { Box, HStack, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { getOutbox, useOutboxState } from '../api/outbox-client';
import { useT } from '../i18n/use-t';

export function SendStatus() {
  const { t } = useT();
  const { pendingRatings: pending, rejected } = useOutboxState();
  // "Sent" shows for a moment when the queue empties; tracked during render, as React recommends for derived state.
  const [previous, setPrevious] = useState(pending);
  const [justSent, setJustSent] = useState(false);
  if (pending !== previous) {
    setPrevious(pending);
    setJustSent(pending === 0 && previous > 0);
  }
  useEffect(() => {
    if (!justSent) return;
    const timer = setTimeout(() => setJustSent(false), 3000);
    return () => clearTimeout(timer);
  }, [justSent]);

  // A submit refused after it was queued (e.g. sent later, then "already rated") must not vanish silently.
  useEffect(() => {
    for (const r of rejected) {
      toaster.create({ id: r.key, type: 'error', title: t('outbox.failed', { message: r.message }) });
      getOutbox().dismissRejected(r.key);
    }
  }, [rejected, t]);

  const text = pending > 0 ? t('outbox.saved') : justSent ? t('outbox.sent') : '';
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      bottom="4"
      insetX="0"
      display="flex"
      justifyContent="center"
      pointerEvents="none"
      zIndex="banner"
    >
      {text ? (
        <HStack
          bg="gray.900"
          color="white"
          px="4"
          py="2"
          borderRadius="full"
          boxShadow="lg"
          gap="2"
          data-testid="send-status"
        >
          {pending > 0 ? <Spinner size="xs" /> : null}
          <Text fontSize="sm">{text}</Text>
        </HStack>
      ) : null}
    </Box>
  );
}
