// Staff vs experience ratings as one segmented bar (Chakra's BarSegment); lazy like every chart.
import { BarSegment, useChart } from '@chakra-ui/charts';

export function SplitChart({ staff, experience }: { staff: number; experience: number }) {
  const chart = useChart({
    sort: { by: 'value', direction: 'desc' },
    data: [
      { name: 'Staff ratings', value: staff, color: 'blue.solid' },
      { name: 'Experience ratings', value: experience, color: 'teal.solid' },
    ],
  });
  return (
    <BarSegment.Root chart={chart}>
      <BarSegment.Content>
        <BarSegment.Bar />
      </BarSegment.Content>
      <BarSegment.Legend showPercent />
    </BarSegment.Root>
  );
}
