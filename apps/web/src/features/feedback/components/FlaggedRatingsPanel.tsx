// Ratings anti-gaming flagged: kept, left out of rankings, explained in plain words, and restorable with an audit trail.
import {
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import type { TFlaggedRating } from '@cx/contracts';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { useFlaggedRatings, useRestoreRating, type TFlaggedStatus } from '../api/flagged-ratings';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

function FlaggedRatingCard({ rating }: { rating: TFlaggedRating }) {
  const restore = useRestoreRating();
  const [note, setNote] = useState('');
  const subject = rating.staff ? rating.staff.name : 'Store experience';
  const onRestore = () =>
    restore.mutate(
      { params: { id: rating._id }, body: { note } },
      {
        onSuccess: () =>
          toaster.create({ type: 'success', title: 'Rating restored: it counts in rankings again.' }),
        onError: (error) => toaster.create({ type: 'error', title: apiErrorMessage(error) }),
      },
    );
  return (
    <Card.Root as="li" size="sm">
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="semibold">
            {subject} · {rating.store.name}
          </Text>
          <Badge
            colorPalette={rating.score >= 4 ? 'green' : rating.score <= 2 ? 'red' : 'gray'}
            aria-label={`${rating.score} of 5 stars`}
          >
            {'★'.repeat(rating.score)}
            {'☆'.repeat(5 - rating.score)}
          </Badge>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {when(rating.createdAt)} · {rating.source === 'kiosk' ? 'Kiosk' : 'QR scan'}
        </Text>
        {rating.comment ? <Text>“{rating.comment}”</Text> : null}
        <Box as="ul" pl="5" listStyleType="disc" color="orange.700" fontSize="sm">
          {rating.reasons.map((reason) => (
            <li key={reason}>Flagged: {reason}</li>
          ))}
        </Box>
        {rating.audit.map((a) => (
          <Text key={a._id} fontSize="sm" color="fg.muted">
            Restored by {a.actor.fullname} on {when(a.createdAt)}
            {a.note ? ` — ${a.note}` : ''}
          </Text>
        ))}
        {!rating.restored ? (
          <HStack
            as="form"
            onSubmit={(e) => {
              e.preventDefault();
              onRestore();
            }}
            gap="2"
            wrap="wrap"
          >
            <Input
              size="sm"
              flex="1"
              minW="12rem"
              maxLength={500}
              placeholder="Why restore it? (optional)"
              aria-label={`Note for restoring the rating of ${subject}`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <Button type="submit" size="sm" loading={restore.isPending}>
              Restore
            </Button>
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function FlaggedList({ status }: { status: TFlaggedStatus }) {
  const list = useFlaggedRatings(status);
  if (list.isPending) return <Spinner aria-label="Loading flagged ratings" />;
  if (list.isError) return <Text color="fg.error">{apiErrorMessage(list.error)}</Text>;
  const { ratings, total } = list.data.body;
  if (total === 0)
    return (
      <Text color="fg.muted">
        {status === 'pending' ? 'No flagged ratings to review.' : 'No restored ratings yet.'}
      </Text>
    );
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {ratings.map((r) => (
        <FlaggedRatingCard key={r._id} rating={r} />
      ))}
    </Stack>
  );
}

export function FlaggedRatingsPanel() {
  return (
    <Box as="section" aria-labelledby="flagged-title" mt="8">
      <Heading as="h2" id="flagged-title" size="lg" mb="1">
        Flagged for review
      </Heading>
      <Text color="fg.muted" mb="4">
        Ratings that look like gaming (bursts of identical scores from one device or network) are kept but
        left out of rankings until you restore them.
      </Text>
      <Tabs.Root defaultValue="pending" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="pending">To review</Tabs.Trigger>
          <Tabs.Trigger value="restored">Restored</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pending">
          <FlaggedList status="pending" />
        </Tabs.Content>
        <Tabs.Content value="restored">
          <FlaggedList status="restored" />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
