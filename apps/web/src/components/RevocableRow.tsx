// A list row with an inline two-step action (e.g. "Revoke" → "Keep" / "Revoke now"), toasting the outcome.
import { Box, Button, HStack, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';

export type TRevocableRowProps = {
  /** The row's details (left, or on top on phones). */
  children: ReactNode;
  /** The first button's text ("Revoke", "Switch off"); the confirming one adds "now". */
  action: string;
  /** What the buttons act on, for their accessible names ("Till tablet at Covent Garden"); else their text. */
  subject?: string;
  /** Runs the action and answers the success message to toast; a failure is toasted and the row asks again. */
  run: () => Promise<string>;
  pending: boolean;
  /** False hides the action (a member without the right to it). */
  enabled?: boolean;
};

export function RevocableRow({
  children,
  action,
  subject,
  run,
  pending,
  enabled = true,
}: TRevocableRowProps) {
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    try {
      toaster.success({ title: await run() });
    } catch (error) {
      toaster.error({ title: apiErrorMessage(error) });
      setConfirming(false);
    }
  };
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="3">
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        gap="3"
        justify="space-between"
        align={{ sm: 'center' }}
      >
        {children}
        {!enabled ? null : confirming ? (
          <HStack gap="2" flexShrink={0}>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={pending}>
              Keep
            </Button>
            <Button
              size="sm"
              colorPalette="red"
              loading={pending}
              onClick={() => void confirm()}
              aria-label={subject ? `Confirm: ${action.toLowerCase()} ${subject}` : undefined}
            >
              {action} now
            </Button>
          </HStack>
        ) : (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            flexShrink={0}
            onClick={() => setConfirming(true)}
            aria-label={subject ? `${action} ${subject}` : undefined}
          >
            {action}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
