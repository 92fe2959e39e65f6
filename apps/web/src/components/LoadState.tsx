// The three non-data states every list shows the same way: loading (skeletons), error (message + retry), empty.
import { Alert, Button, EmptyState, Skeleton, Stack, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
  goTo,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  /** The page that fixes the emptiness, as the primary button (instead of `action`). */
  goTo?: { to: string; label: string };
}) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </VStack>
        {goTo ? (
          <Button asChild colorPalette="brand">
            <Link to={goTo.to}>{goTo.label}</Link>
          </Button>
        ) : (
          action
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** What QueryStates needs of a react-query result. */
export type TQueryStatus = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A query's states in order: skeleton rows while pending, the error with a retry, `empty` when `isEmpty`, else the
 * content (a function, so it only reads the data once there is some).
 */
export function QueryStates({
  query,
  loading,
  what,
  isEmpty = false,
  empty = null,
  children,
}: {
  query: TQueryStatus;
  loading: { label: string; rows?: number; height?: string };
  /** Completes "Could not load …". */
  what: string;
  isEmpty?: boolean;
  empty?: ReactNode;
  children: () => ReactNode;
}) {
  if (query.isPending) return <LoadingRows {...loading} />;
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} what={what} />;
  return <>{isEmpty ? empty : children()}</>;
}
