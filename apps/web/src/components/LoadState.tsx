// The three non-data states every list shows the same way: loading (skeletons), error (message + retry), empty.
import { Alert, Button, EmptyState, Skeleton, Stack, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { apiErrorMessage } from '@/lib/api-error';

export function LoadingRows({
  rows = 3,
  height = '20',
  label,
}: {
  rows?: number;
  height?: string;
  label: string;
}) {
  return (
    <Stack gap="3" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} rounded="lg" />
      ))}
    </Stack>
  );
}

export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Could not load {what}</Alert.Title>
        <Alert.Description>{apiErrorMessage(error)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}

export function EmptyList({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
