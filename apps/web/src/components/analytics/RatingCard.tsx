// One rating as the timeline and the Snapshot's latest comments show it: who or what, stars, comment, its sentiment
// and themes, shout-out, tags, local time.
import { Badge, Button, Card, HStack, Text, Wrap } from '@chakra-ui/react';
import type { TTimelineItem } from '@cx/contracts';
import type { ReactNode } from 'react';
import { LuMegaphone } from 'react-icons/lu';
import { SentimentBadge } from '@/components/analytics/SentimentBadge';
import { FigureName } from '@/components/FigureHelp';
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

export type TRatingCardProps = {
  item: TTimelineItem;
  /** Makes each theme chip a button that filters by that theme (the timeline); plain chips without it. */
  onTheme?: (theme: string) => void;
  /** The theme the list is filtered by: its chip shows pressed. */
  activeTheme?: string;
  /** Actions on this rating (e.g. hide a shout-out), after the chips. */
  actions?: ReactNode;
};

/** The comment's sentiment and theme chips, on a line of their own under the comment. */
function CommentInsight({ item, onTheme, activeTheme }: TRatingCardProps) {
  if (!item.comment || (!item.sentiment && item.themes.length === 0)) return null;
  return (
    <Wrap gap="1.5" align="center">
      {item.sentiment ? <SentimentBadge sentiment={item.sentiment} /> : null}
      {item.themes.map((theme) =>
        onTheme ? (
          <Button
            key={theme}
            size="2xs"
            variant={activeTheme === theme ? 'solid' : 'surface'}
            colorPalette="brand"
            rounded="full"
            aria-pressed={activeTheme === theme}
            aria-label={`Theme ${theme}: show comments about it`}
            onClick={() => onTheme(theme)}
          >
            # {theme}
          </Button>
        ) : (
          <Badge key={theme} colorPalette="brand" variant="surface" rounded="full">
            # {theme}
          </Badge>
        ),
      )}
    </Wrap>
  );
}

export function RatingCard({ item, onTheme, activeTheme, actions }: TRatingCardProps) {
  const subject = item.staff ? item.staff.name : 'Store experience';
  const shoutOut = item.shoutOut && !item.shoutOut.hidden ? item.shoutOut : null;
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
        {item.comment ? <Text overflowWrap="anywhere">“{item.comment}”</Text> : null}
        <CommentInsight item={item} onTheme={onTheme} activeTheme={activeTheme} />
        {item.tags.length > 0 || item.outsideShift || item.flagged || item.restored || shoutOut ? (
          <Wrap gap="1.5">
            {shoutOut ? (
              // A long name wraps inside the badge rather than push a phone's page sideways.
              <Badge colorPalette="purple" variant="surface" whiteSpace="normal">
                <LuMegaphone aria-hidden /> Shout-out for {shoutOut.staffName}
              </Badge>
            ) : null}
            {item.outsideShift ? (
              <Badge colorPalette="orange" variant="surface">
                <FigureName figure="outsideShift" />
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
        {actions}
      </Card.Body>
    </Card.Root>
  );
}
