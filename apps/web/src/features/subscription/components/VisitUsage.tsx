// Tracked visits of the current allowance window with a progress bar; at the cap it says so and how to get more.
import { Alert, Box, Heading, HStack, Progress, Text } from '@chakra-ui/react';
import { BILLING_MESSAGES, type TMySubscription } from '@cx/contracts';
import { formatCount, formatDate } from './format';

export function VisitUsage({ usage }: { usage: TMySubscription['usage'] }) {
  const percent = Math.min(100, Math.round((usage.used / usage.cap) * 100));
  return (
    <Box borderWidth="1px" borderRadius="xl" p="5" bg="bg">
      <Progress.Root
        value={Math.min(usage.used, usage.cap)}
        max={usage.cap}
        colorPalette={usage.atCap ? 'red' : 'brand'}
      >
        <HStack justify="space-between" wrap="wrap" mb="2">
          <Progress.Label asChild>
            <Heading as="h2" size="md">
              Tracked visits
            </Heading>
          </Progress.Label>
          <Text fontWeight="medium" data-testid="visit-usage">
            {formatCount(usage.used)} of {formatCount(usage.cap)} ({percent}%)
          </Text>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text color="fg.muted" fontSize="sm" mt="2">
        This period: {formatDate(usage.from)} – {formatDate(usage.to)}
      </Text>
      {usage.atCap ? (
        <Alert.Root status="warning" mt="3">
          <Alert.Indicator />
          <Alert.Description>{BILLING_MESSAGES.atCap}</Alert.Description>
        </Alert.Root>
      ) : null}
    </Box>
  );
}
