// The plan, its status and the date that matters now (trial end, renewal, access end or the past-due grace end).
import { Alert, Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { TMySubscription } from '@cx/contracts';
import { formatDate, STATUS_LABELS } from './format';

function keyDate(s: TMySubscription): string | null {
  if (s.status === 'trialing' && s.trialEndsAt) return `Trial ends on ${formatDate(s.trialEndsAt)}`;
  if (s.status === 'active' && s.currentPeriodEnd)
    return s.cancelAtPeriodEnd
      ? `Canceled: access until ${formatDate(s.currentPeriodEnd)}`
      : `Renews on ${formatDate(s.currentPeriodEnd)}`;
  if (s.status === 'canceled') return 'Your subscription is canceled.';
  if (s.status === 'expired')
    return s.trialEndsAt && !s.plan
      ? `Your trial ended on ${formatDate(s.trialEndsAt)}`
      : 'Your plan has expired.';
  return null;
}

export function SubscriptionSummary({ subscription: s }: { subscription: TMySubscription }) {
  const status = STATUS_LABELS[s.status];
  return (
    <Box borderWidth="1px" borderRadius="xl" p="5" bg="bg">
      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" size="lg">
            {s.plan ? `${s.plan.name} plan` : s.status === 'trialing' ? 'Free trial' : 'No plan'}
          </Heading>
          <Badge colorPalette={status.palette} size="lg" data-testid="subscription-status">
            {status.label}
          </Badge>
        </HStack>
        {s.plan ? (
          <Text color="fg.muted">
            {s.plan.price} {s.plan.renewal.toLowerCase()}
          </Text>
        ) : null}
        {keyDate(s) ? <Text>{keyDate(s)}</Text> : null}
        {s.status === 'past_due' && s.graceEndsAt ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your last payment did not go through</Alert.Title>
              <Alert.Description>
                You keep access until {formatDate(s.graceEndsAt)} (grace period). Update your card in Manage
                billing to continue after that.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Stack>
    </Box>
  );
}
