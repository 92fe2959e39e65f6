// Targets on dashboards: the red/amber/green chip, a figure against its target, and "vs area" / "vs peers" differences.
import { Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { TARGET_METRIC_LABELS, type TTargetMetric, type TTargetPerformance } from '@cx/contracts';

const SHORT: Record<TTargetMetric, string> = {
  average: 'Avg',
  happy: 'Happy',
  volume: 'Ratings/wk',
  staffRatings: 'Staff/wk',
};

/** A metric's value as people read it: 4.25, 82.0%, 12.5 a week. */
export function formatTargetFigure(value: number | null | undefined, metric: TTargetMetric): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (metric === 'average') return value.toFixed(2);
  if (metric === 'happy') return `${value.toFixed(1)}%`;
  return value.toFixed(1);
}

/** A signed difference in the metric's unit ('+0.25', '−3.0 pts', '+1.5'), '–' when missing. */
export function formatTargetDiff(value: number | null | undefined, metric: TTargetMetric): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  const abs = Math.abs(value);
  if (metric === 'average') return `${sign}${abs.toFixed(2)}`;
  if (metric === 'happy') return `${sign}${abs.toFixed(1)} pts`;
  return `${sign}${abs.toFixed(1)}`;
}

const STATE = {
  green: { label: 'On target', palette: 'green' },
  amber: { label: 'Near target', palette: 'orange' },
  red: { label: 'Below target', palette: 'red' },
} as const;

/** The chip: the state in words and colour, the figure against the target; nothing when no target applies. */
export function RagChip({ perf, short = false }: { perf: TTargetPerformance; short?: boolean }) {
  if (perf.target === null) return null;
  const label = TARGET_METRIC_LABELS[perf.metric];
  const figures = `${formatTargetFigure(perf.actual, perf.metric)} vs ${formatTargetFigure(perf.target, perf.metric)}`;
  const state = perf.state ? STATE[perf.state] : null;
  const words = state?.label ?? 'No ratings yet';
  return (
    <Badge
      colorPalette={state?.palette ?? 'gray'}
      variant="subtle"
      data-state={perf.state ?? 'none'}
      aria-label={`${label}: ${words}, ${figures}${perf.from ? ` (target from ${perf.from.name})` : ''}`}
      title={perf.from ? `Target set at ${perf.from.name}` : undefined}
      whiteSpace="nowrap"
      // The short chip (a table cell) breaks between the metric, its figure and the target rather than widen its column.
      flexWrap={short ? 'wrap' : undefined}
      justifyContent={short ? 'flex-end' : undefined}
      columnGap="1"
      rowGap="0"
    >
      {short ? (
        <>
          <span>{SHORT[perf.metric]}</span> <span>{formatTargetFigure(perf.actual, perf.metric)}</span>{' '}
          <span>vs {formatTargetFigure(perf.target, perf.metric)}</span>
        </>
      ) : (
        `${words} · ${figures}`
      )}
    </Badge>
  );
}

/** Chips for every metric that has a target. */
export function RagChips({ metrics }: { metrics: TTargetPerformance[] | undefined }) {
  const set = (metrics ?? []).filter((m) => m.target !== null);
  if (set.length === 0)
    return (
      <Text as="span" color="fg.muted" fontSize="sm">
        No target
      </Text>
    );
  return (
    <Stack gap="1" align="flex-end">
      {set.map((m) => (
        <RagChip key={m.metric} perf={m} short />
      ))}
    </Stack>
  );
}

const averageOf = (metrics: TTargetPerformance[] | undefined) => metrics?.find((m) => m.metric === 'average');

/**
 * The league table's targets cell: the chips, and under them the average against its area and its peers (one column,
 * not three, so the Store League Table fits a 1280 px screen without a column out of sight).
 */
export function LeagueTargetCells({ metrics }: { metrics: TTargetPerformance[] | undefined }) {
  const avg = averageOf(metrics);
  const compared = avg && (avg.vsParent !== null || avg.vsPeers !== null);
  return (
    <Table.Cell textAlign="end" minW={{ md: '7rem' }}>
      <RagChips metrics={metrics} />
      {compared ? (
        <Text as="span" display="block" fontSize="xs" color="fg.muted" mt="1" whiteSpace="normal">
          Avg vs area {formatTargetDiff(avg.vsParent, 'average')}
          <br />
          vs peers {formatTargetDiff(avg.vsPeers, 'average')}
        </Text>
      ) : null}
    </Table.Cell>
  );
}

/** One metric per line: figure, target and where it comes from, the chip, vs area and vs peers. */
export function TargetLines({ metrics }: { metrics: TTargetPerformance[] }) {
  return (
    <Stack gap="2" as="ul" listStyleType="none">
      {metrics.map((m) => (
        <HStack as="li" key={m.metric} gap="2" wrap="wrap" justify="space-between">
          <Stack gap="0" minW="0">
            <Text fontWeight="medium">{TARGET_METRIC_LABELS[m.metric]}</Text>
            <Text fontSize="sm" color="fg.muted">
              {formatTargetFigure(m.actual, m.metric)}
              {m.target !== null
                ? ` · target ${formatTargetFigure(m.target, m.metric)}${m.from ? ` (${m.from.name})` : ''}`
                : ' · no target'}
              {` · vs area ${formatTargetDiff(m.vsParent, m.metric)} · vs peers ${formatTargetDiff(m.vsPeers, m.metric)}`}
            </Text>
          </Stack>
          <RagChip perf={m} />
        </HStack>
      ))}
    </Stack>
  );
}
