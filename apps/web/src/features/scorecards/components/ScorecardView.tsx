// One person's scorecard, read-only: figures (the league table's row), trend, badges and shout-outs; member and public page.
// Shared (public) it shows progress against the person's own previous period instead of a place in the league.
import { Avatar, Badge, Box, Card, Heading, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import type { TScorecard } from '@cx/contracts';
import type { ReactNode } from 'react';
import { LuAward } from 'react-icons/lu';
import { FigureName, type TFigure } from '@/components/FigureHelp';
import { formatChange, formatDay, formatFigure, formatPeriod } from '@/lib/analytics/format';
import { apiImage } from '@/lib/image-sources';
import { TrendChart } from './TrendChart';

function Figure({
  label,
  value,
  note,
  help,
}: {
  label: string;
  value: string;
  note?: string;
  help?: TFigure;
}) {
  return (
    <Box p="3" rounded="md" bg="bg.subtle" minW="0">
      <Text fontSize="sm" color="fg.muted">
        {help ? <FigureName figure={help}>{label}</FigureName> : label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold">
        {value}
      </Text>
      {note ? (
        <Text fontSize="xs" color="fg.muted">
          {note}
        </Text>
      ) : null}
    </Box>
  );
}

/** How the person did against their own previous period, in words a shared link can carry. */
function progressOf(f: TScorecard['figures']): { value: string; note: string } {
  const { change, previousAverage } = f.trend;
  if (change === null || previousAverage === null) {
    return { value: 'First period', note: 'Nothing earlier to compare with yet' };
  }
  const word = change > 0.005 ? 'Up' : change < -0.005 ? 'Down' : 'Steady';
  return {
    value: word === 'Steady' ? word : `${word} ${formatChange(Math.abs(change), 'stars').slice(1)}★`,
    note: `vs ${formatFigure(previousAverage, 'stars')}★ last period`,
  };
}

export function ScorecardView({ card, shared = false }: { card: TScorecard; shared?: boolean }) {
  const f = card.figures;
  const rank = f.rank === null ? 'Not ranked' : `#${f.rank}`;
  const progress = progressOf(f);
  // A shared card is for the person and whoever they show it to: their own progress, never "#15 of 15".
  const standing: ReactNode = shared ? (
    <Figure label="Progress" value={progress.value} note={progress.note} help="trend" />
  ) : (
    <Figure
      label="Rank"
      value={rank}
      note={f.rank === null ? `${f.ratings} of ${card.minSample} ratings needed` : undefined}
    />
  );
  return (
    <Stack gap="5" as="article" aria-label={`Scorecard of ${f.staff.name}`}>
      <HStack gap="3" minW="0">
        <Avatar.Root size="lg">
          <Avatar.Fallback name={f.staff.name} />
          {f.staff.photo ? <Avatar.Image {...apiImage(f.staff.photo, 80)} alt="" /> : null}
        </Avatar.Root>
        <Box minW="0">
          <Heading as="h2" size="lg" truncate>
            {f.staff.name}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {formatPeriod(card.period)}
            {f.stores.length ? ` · ${f.stores.map((s) => s.name).join(', ')}` : ''}
          </Text>
        </Box>
      </HStack>

      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" as="section" aria-label="Figures">
        <Figure label="Ratings" value={formatFigure(f.ratings, 'count')} />
        <Figure label="Average" value={formatFigure(f.average, 'stars')} note="out of 5" />
        <Figure label="CSAT" value={formatFigure(f.csat, 'percent')} help="csat" />
        {standing}
        <Figure
          label="Adjusted average"
          value={formatFigure(f.adjustedAverage, 'stars')}
          help="adjustedAverage"
        />
        {shared ? (
          <Figure
            label="Last period"
            value={formatFigure(f.trend.previousAverage, 'stars')}
            note="average out of 5"
          />
        ) : (
          <Figure label="Change" value={formatChange(f.trend.change, 'stars')} note="vs previous period" />
        )}
        <Figure
          help="shiftExperience"
          label="Shift experience"
          value={formatFigure(f.shiftExperience.average, 'stars')}
          note={`${f.shiftExperience.ratings} ratings while on shift`}
        />
        <Figure label="Five-star ratings" value={formatFigure(card.fiveStarTotal, 'count')} note="so far" />
      </SimpleGrid>

      <Card.Root as="section" aria-label="Trend">
        <Card.Body gap="2">
          <Heading as="h3" size="md">
            Trend
          </Heading>
          <TrendChart trend={card.trend} />
        </Card.Body>
      </Card.Root>

      <Card.Root as="section" aria-label="Badges">
        <Card.Body gap="2">
          <Heading as="h3" size="md">
            Badges
          </Heading>
          {card.badges.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              No badges yet: they come with five-star ratings, a top rank and big improvements.
            </Text>
          ) : (
            <Wrap gap="2">
              {card.badges.map((b) => (
                <Badge key={b.id} size="lg" colorPalette="yellow" title={b.description}>
                  <LuAward aria-hidden /> {b.label}
                </Badge>
              ))}
            </Wrap>
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root as="section" aria-label="Shout-outs">
        <Card.Body gap="3">
          <Heading as="h3" size="md">
            Shout-outs
          </Heading>
          {card.shoutOuts.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              No shout-outs in this period yet.
            </Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {card.shoutOuts.map((s) => (
                <Box as="li" key={s._id} borderStartWidth="3px" borderColor="green.500" ps="3">
                  <Text wordBreak="break-word">“{s.comment}”</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {s.store.name} · {formatDay(s.day)}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
