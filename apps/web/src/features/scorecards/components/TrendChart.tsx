// The person's average per day or week as bars on a labelled 1–5★ axis (SVG, scales to any width), and in words too.
import { Box, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import type { TScorecard } from '@cx/contracts';
import { formatDay, formatFigure } from '@/lib/analytics/format';

/** A rating cannot be below 1★, so the bars start there: a 2★ day reads as a quarter of the way up, not two fifths. */
export const TREND_BASELINE = 1;
const TOP = 5;
const TICKS = [5, 4, 3, 2, 1];

export function TrendChart({ trend }: { trend: TScorecard['trend'] }) {
  const points = trend.series;
  const rated = points.filter((p) => p.count > 0);
  if (rated.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        No ratings to chart in this period.
      </Text>
    );
  }
  const width = 300;
  const height = 100;
  const step = width / points.length;
  const y = (stars: number) => height - ((stars - TREND_BASELINE) / (TOP - TREND_BASELINE)) * height;
  return (
    <Box>
      <Flex gap="2" align="stretch">
        {/* The axis is HTML so its labels keep their shape however wide the bars are stretched. */}
        <Flex
          direction="column"
          justify="space-between"
          fontSize="xs"
          color="fg.muted"
          h="120px"
          textAlign="end"
          data-testid="trend-axis"
          aria-hidden="true"
          lineHeight="1"
          my="-0.5em"
        >
          {TICKS.map((t) => (
            <span key={t}>{t}★</span>
          ))}
        </Flex>
        <Box flex="1" minW="0">
          <svg
            viewBox={`0 0 ${width} ${height}`}
            width="100%"
            height="120"
            preserveAspectRatio="none"
            role="img"
            aria-label={`Average rating per ${trend.granularity} on a scale from ${TREND_BASELINE} to ${TOP} stars, ${rated.length} with ratings`}
          >
            {TICKS.map((t) => (
              <line
                key={t}
                x1="0"
                y1={Math.min(height - 0.5, Math.max(0.5, y(t)))}
                x2={width}
                y2={Math.min(height - 0.5, Math.max(0.5, y(t)))}
                stroke="currentColor"
                strokeOpacity={t === TREND_BASELINE ? 0.5 : 0.12}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {points.map((p, i) =>
              p.average === null ? null : (
                <rect
                  key={p.bucket}
                  x={i * step + step * 0.15}
                  width={Math.max(1, step * 0.7)}
                  y={y(p.average)}
                  // A 1★ average still shows as a sliver, so a rated day never looks like a day without ratings.
                  height={Math.max(1.5, height - y(p.average))}
                  fill="var(--chakra-colors-brand-solid, #1a56db)"
                />
              ),
            )}
          </svg>
          <Text fontSize="xs" color="fg.muted" display="flex" justifyContent="space-between">
            <span>{formatDay(points[0]!.bucket)}</span>
            <span>{formatDay(points.at(-1)!.bucket)}</span>
          </Text>
        </Box>
      </Flex>
      <Text fontSize="xs" color="fg.muted" mt="1">
        Average stars per {trend.granularity}; bars start at {TREND_BASELINE}★, the lowest rating a customer
        can give.
      </Text>
      <VisuallyHidden>
        <ul>
          {rated.map((p) => (
            <li key={p.bucket}>
              {formatDay(p.bucket)}: {formatFigure(p.average, 'stars')} from {p.count} ratings
            </li>
          ))}
        </ul>
      </VisuallyHidden>
    </Box>
  );
}
