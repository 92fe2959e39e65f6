// The Snapshot's six headline figures, each with its unit, the previous period's figure and the change.
import { Card, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import type { TCompared, TSnapshot } from '@cx/contracts';
import { ChangeText } from '@/components/analytics/ChangeText';
import { FigureName, type TFigure } from '@/components/FigureHelp';
import { formatFigure, type TUnit } from '@/lib/analytics/format';

type TKpiKey = 'ratings' | 'average' | 'csat' | 'visits' | 'ratingRate' | 'socialClicks';
type TKpi = { key: TKpiKey; label: string; unit: TUnit; unitText: string; help: string };

export const KPIS: TKpi[] = [
  { key: 'ratings', label: 'Ratings', unit: 'count', unitText: 'ratings', help: 'Counted ratings' },
  { key: 'average', label: 'Average rating', unit: 'stars', unitText: 'out of 5', help: 'Mean stars' },
  {
    key: 'csat',
    label: 'CSAT',
    unit: 'percent',
    unitText: 'of ratings 4–5★',
    help: 'Share of 4 and 5 stars',
  },
  { key: 'visits', label: 'Visits', unit: 'count', unitText: 'QR visits', help: 'Rating pages opened' },
  {
    key: 'ratingRate',
    label: 'Rating rate',
    unit: 'percent',
    unitText: 'of visits',
    help: 'Ratings ÷ visits',
  },
  {
    key: 'socialClicks',
    label: 'Social clicks',
    unit: 'count',
    unitText: 'clicks',
    help: 'Links to your social pages',
  },
];

/** The derived figures, whose one-line explanation sits beside their name. */
const EXPLAINED: Partial<Record<TKpiKey, TFigure>> = {
  csat: 'csat',
  visits: 'visits',
  ratingRate: 'ratingRate',
  socialClicks: 'socialClicks',
};

function KpiCard({ kpi, figure }: { kpi: TKpi; figure: TCompared }) {
  return (
    <Card.Root size="sm" as="article" aria-label={kpi.label}>
      <Card.Body>
        <Stat.Root>
          <Stat.Label>
            {EXPLAINED[kpi.key] ? (
              <FigureName figure={EXPLAINED[kpi.key]!}>{kpi.label}</FigureName>
            ) : (
              kpi.label
            )}
          </Stat.Label>
          <Stat.ValueText data-testid={`kpi-${kpi.key}`}>
            {formatFigure(figure.value, kpi.unit)}
            <Stat.ValueUnit> {kpi.unitText}</Stat.ValueUnit>
          </Stat.ValueText>
          {/* Stat.Root is a <dl>: the extra lines are <dd>s so the list stays valid for screen readers. */}
          <Stat.HelpText as="dd">
            <ChangeText change={figure.change} unit={kpi.unit} />
          </Stat.HelpText>
          <Text as="dd" fontSize="xs" color="fg.muted">
            Previous period: {formatFigure(figure.previous, kpi.unit)}
          </Text>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

export function KpiCards({ snapshot }: { snapshot: TSnapshot }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="3" mb="6">
      {KPIS.map((kpi) => (
        <KpiCard key={kpi.key} kpi={kpi} figure={snapshot[kpi.key]} />
      ))}
    </SimpleGrid>
  );
}
