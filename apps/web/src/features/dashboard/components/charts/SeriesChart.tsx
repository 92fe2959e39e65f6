// The Overview's series (recharts through Chakra's charts): 1–5★ counts stacked per bucket, the average as a line.
// Loaded lazily (see ../OverviewCharts.tsx) so the chart library never ships with pages that do not draw a chart.
import { Chart, useChart } from '@chakra-ui/charts';
import type { TSeriesPoint } from '@cx/contracts';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBucket } from '../series-format';

type TRow = {
  bucket: string;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
  average: number | null;
};

export function SeriesChart({ series, granularity }: { series: TSeriesPoint[]; granularity: string }) {
  const chart = useChart<TRow>({
    data: series.map((p) => ({
      bucket: p.bucket,
      s1: p.distribution[0],
      s2: p.distribution[1],
      s3: p.distribution[2],
      s4: p.distribution[3],
      s5: p.distribution[4],
      average: p.average,
    })),
    series: [
      { name: 's1', label: '1★', color: 'red.solid', stackId: 'stars' },
      { name: 's2', label: '2★', color: 'orange.solid', stackId: 'stars' },
      { name: 's3', label: '3★', color: 'yellow.solid', stackId: 'stars' },
      { name: 's4', label: '4★', color: 'teal.solid', stackId: 'stars' },
      { name: 's5', label: '5★', color: 'green.solid', stackId: 'stars' },
      { name: 'average', label: 'Average', color: 'blue.fg', yAxisId: 'avg' },
    ],
  });
  return (
    <Chart.Root chart={chart} maxH="sm" aspectRatio={{ base: 'square', md: 'wide' }}>
      <ComposedChart responsive data={chart.data} margin={{ top: 8, right: 4, left: -12, bottom: 0 }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={chart.key('bucket')}
          tickLine={false}
          axisLine={false}
          tickFormatter={(value: string) => formatBucket(value, granularity, true)}
          minTickGap={12}
        />
        <YAxis yAxisId="count" tickLine={false} axisLine={false} allowDecimals={false} />
        <YAxis yAxisId="avg" orientation="right" domain={[1, 5]} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: chart.color('bg.muted') }}
          animationDuration={100}
          content={<Chart.Tooltip />}
          labelFormatter={(value) => formatBucket(String(value), granularity)}
        />
        <Legend content={<Chart.Legend />} />
        {chart.series
          .filter((item) => item.stackId)
          .map((item) => (
            <Bar
              key={item.name}
              yAxisId="count"
              isAnimationActive={false}
              dataKey={chart.key(item.name)}
              name={String(item.label)}
              fill={chart.color(item.color)}
              stackId={item.stackId}
            />
          ))}
        <Line
          yAxisId="avg"
          type="monotone"
          isAnimationActive={false}
          dataKey={chart.key('average')}
          name="Average"
          stroke={chart.color('blue.fg')}
          strokeWidth={2}
          dot={false}
          connectNulls
        />
      </ComposedChart>
    </Chart.Root>
  );
}
