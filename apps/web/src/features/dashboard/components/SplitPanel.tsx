// Staff ratings vs experience ratings for the period: count and average of each, and their share as one bar.
import { Card, Heading, SimpleGrid, Stat } from '@chakra-ui/react';
import type { TOverview } from '@cx/contracts';
import { formatFigure } from '@/lib/analytics/format';
import { SplitChart } from './OverviewCharts';

const KINDS = [
  { key: 'staff', label: 'Staff ratings' },
  { key: 'experience', label: 'Experience ratings' },
] as const;

export function SplitPanel({ split }: { split: TOverview['split'] }) {
  return (
    <Card.Root as="section" aria-labelledby="split-title" size="sm" mb="6">
      <Card.Header>
        <Heading as="h2" id="split-title" size="md">
          Staff vs experience
        </Heading>
      </Card.Header>
      <Card.Body gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {KINDS.map(({ key, label }) => (
            // A plain <dl>: a role on it would cut its <dt>/<dd> off from the list for screen readers.
            <Stat.Root key={key}>
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText data-testid={`split-${key}-count`}>
                {formatFigure(split[key].count, 'count')}
                <Stat.ValueUnit> ratings</Stat.ValueUnit>
              </Stat.ValueText>
              <Stat.HelpText as="dd" data-testid={`split-${key}-average`}>
                Average {formatFigure(split[key].average, 'stars')} out of 5
              </Stat.HelpText>
            </Stat.Root>
          ))}
        </SimpleGrid>
        {split.staff.count + split.experience.count > 0 ? (
          <SplitChart staff={split.staff.count} experience={split.experience.count} />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
