// The person's average per day or week as bars (SVG, scales to any width), with the same numbers in words for readers.
import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import type { TScorecard } from '@cx/contracts';
import { formatDay, formatFigure } from '@/lib/analytics/format';

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
  return (
    <Box>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height="120"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Average rating per ${trend.granularity}, ${rated.length} with ratings`}
      >
        <line
          x1="0"
          y1={height - 0.5}
          x2={width}
          y2={height - 0.5}
          stroke="currentColor"
          strokeOpacity="0.2"
        />
        {points.map((p, i) =>
          p.average === null ? null : (
            <rect
              key={p.bucket}
              x={i * step + step * 0.15}
              width={Math.max(1, step * 0.7)}
              y={height - (p.average / 5) * height}
              height={(p.average / 5) * height}
              fill="var(--chakra-colors-brand-solid, #1a56db)"
            />
          ),
        )}
      </svg>
      <Text fontSize="xs" color="fg.muted" display="flex" justifyContent="space-between">
        <span>{formatDay(points[0]!.bucket)}</span>
        <span>{formatDay(points.at(-1)!.bucket)}</span>
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
