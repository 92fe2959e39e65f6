// The chart modules behind React.lazy: recharts and @chakra-ui/charts load only when an Overview chart is drawn.
import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentProps } from 'react';

const LazySeriesChart = lazy(() => import('./charts/SeriesChart').then((m) => ({ default: m.SeriesChart })));
const LazySplitChart = lazy(() => import('./charts/SplitChart').then((m) => ({ default: m.SplitChart })));

export function SeriesChart(props: ComponentProps<typeof LazySeriesChart>) {
  return (
    <Suspense fallback={<Skeleton height="64" rounded="md" />}>
      <LazySeriesChart {...props} />
    </Suspense>
  );
}

export function SplitChart(props: ComponentProps<typeof LazySplitChart>) {
  return (
    <Suspense fallback={<Skeleton height="10" rounded="md" />}>
      <LazySplitChart {...props} />
    </Suspense>
  );
}
