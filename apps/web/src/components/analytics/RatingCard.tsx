// One rating as the timeline and the Snapshot's latest comments show it: who or what, stars, comment, tags, local time.
import { Badge, Card, HStack, Text, Wrap } from '@chakra-ui/react';
import type { TTimelineItem } from '@cx/contracts';
import { formatLocalTime } from '@/lib/analytics/format';

export function Stars({ score }: { score: number }) {
  const colorPalette = score >= 4 ? 'green' : score <= 2 ? 'red' : 'gray';
  return (
    <Badge colorPalette={colorPalette} role="img" aria-label={`${score} of 5 stars`}>
      {'★'.repeat(score)}
      {'☆'.repeat(Math.max(0, 5 - score))}
    </Badge>
  );
}

export function RatingCard({ item }: { item: TTimelineItem }) {
  const subject = item.staff ? item.staff.name : 'Store experience';
  return (
    <Card.Root as="li" size="sm" aria-label={`${subject} at ${item.store.name}, ${item.score} of 5 stars`}>
      <Card.Body gap="1.5">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">
            {subject} · {item.store.name}
          </Text>
          <Stars score={item.score} />
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          <time dateTime={item.createdAt}>{formatLocalTime(item.localTime)}</time> store time (
          {item.store.timeZone}) · {item.kind === 'staff' ? 'Staff rating' : 'Experience rating'}
        </Text>
        {item.comment ? <Text>“{item.comment}”</Text> : null}
        {item.tags.length > 0 || item.outsideShift || item.flagged || item.restored ? (
          <Wrap gap="1.5">
            {item.outsideShift ? (
              <Badge colorPalette="orange" variant="surface">
                Outside shift
              </Badge>
            ) : null}
            {item.flagged && !item.restored ? (
              <Badge colorPalette="red" variant="surface">
                Flagged
              </Badge>
            ) : null}
            {item.restored ? (
              <Badge colorPalette="blue" variant="surface">
                Restored
              </Badge>
            ) : null}
            {item.tags.map((tag) => (
              <Badge key={tag} variant="outline">
                {tag}
              </Badge>
            ))}
          </Wrap>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
