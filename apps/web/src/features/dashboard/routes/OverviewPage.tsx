// /overview: ratings over time (day/week/month, per store or all), the hour-of-week heatmap, staff vs experience.
import { Box, Field, NativeSelect } from '@chakra-ui/react';
import { FilterBar } from '@/components/analytics/FilterBar';
import { InvalidPeriod, NoRatings } from '@/components/analytics/EmptyStates';
import { PeriodNote } from '@/components/analytics/PeriodNote';
import { QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useDashboardFilters } from '@/lib/analytics/filters';
import { useOverview, type TGranularity } from '../api/analytics';
import { Heatmap } from '../components/Heatmap';
import { SeriesPanel } from '../components/SeriesPanel';
import { SplitPanel } from '../components/SplitPanel';
import { ThemesPanel } from '../components/ThemesPanel';
import { GRANULARITY_OPTIONS } from '../components/series-format';

const isGranularity = (v: string | null): v is TGranularity =>
  v === 'auto' || v === 'day' || v === 'week' || v === 'month';

export function OverviewPage() {
  const { filters, isValid, params, update } = useDashboardFilters();
  const raw = params.get('granularity');
  const granularity: TGranularity = isGranularity(raw) ? raw : 'auto';
  const overview = useOverview(filters, granularity, isValid);
  return (
    <Box as="section" aria-labelledby="page-title">
      <PageHeader
        title={paths.business.overview.title}
        description="How your ratings move over time, when they come in, and staff against experience."
      />
      <FilterBar
        chips={
          granularity === 'auto'
            ? []
            : [
                {
                  key: 'granularity',
                  label: `Group by ${GRANULARITY_OPTIONS.find((o) => o.value === granularity)?.label.toLowerCase() ?? granularity}`,
                  clear: { granularity: undefined },
                },
              ]
        }
      >
        <Field.Root w={{ base: 'full', sm: 'auto' }} minW={{ sm: '36' }}>
          <Field.Label>Group by</Field.Label>
          <NativeSelect.Root size="sm" bg="bg">
            <NativeSelect.Field
              value={granularity}
              onChange={(e) =>
                update({ granularity: e.currentTarget.value === 'auto' ? undefined : e.currentTarget.value })
              }
            >
              {GRANULARITY_OPTIONS.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </FilterBar>
      <Box aria-busy={overview.isFetching}>
        {!isValid ? (
          <InvalidPeriod />
        ) : (
          <QueryStates
            query={overview}
            loading={{ label: 'Loading the overview', rows: 3, height: '48' }}
            what="the overview"
          >
            {() => {
              const data = overview.data!.body;
              const total = data.split.staff.count + data.split.experience.count;
              return (
                <>
                  <PeriodNote period={data.period} compared={false} />
                  {total === 0 ? (
                    <NoRatings />
                  ) : (
                    <>
                      <SeriesPanel overview={data} />
                      <SplitPanel split={data.split} />
                      <Heatmap heatmap={data.heatmap} />
                    </>
                  )}
                </>
              );
            }}
          </QueryStates>
        )}
      </Box>
      {isValid ? <ThemesPanel filters={filters} /> : null}
    </Box>
  );
}
