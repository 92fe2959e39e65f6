// /dashboard (Snapshot): the period's headline figures against the previous period, best staff, stores, latest comments.
import { Box, SimpleGrid } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { FilterBar } from '@/components/analytics/FilterBar';
import { InvalidPeriod, NoRatings } from '@/components/analytics/EmptyStates';
import { PeriodNote } from '@/components/analytics/PeriodNote';
import { QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useDashboardFilters } from '@/lib/analytics/filters';
import { useAccess } from '@/lib/role';
import { useSnapshot, useStoreRank } from '../api/analytics';
import { ThemesPanel } from '../components/ThemesPanel';
import { KpiCards } from '../components/KpiCards';
import { TargetsPanel } from '../components/TargetsPanel';
import { SetupPanel } from '../components/SetupChecklist';
import { LatestComments, StaffHighlights, StoresRanked } from '../components/SnapshotPanels';

// Below the headline figures: its code loads after the page's first paint (the /dashboard script budget).
const ComplaintHandlingPanel = lazy(() =>
  import('../components/ComplaintHandlingPanel').then((m) => ({ default: m.ComplaintHandlingPanel })),
);

export function SnapshotPage() {
  const { filters, isValid } = useDashboardFilters();
  const snapshot = useSnapshot(filters, isValid);
  // Store managers and viewers see some stores: their place is in the whole chain (owners and admins see the chain).
  const { role } = useAccess();
  const limited = role === 'manager' || role === 'viewer';
  const rank = useStoreRank(filters, isValid && limited);
  return (
    <Box as="section" aria-labelledby="page-title">
      <PageHeader
        title={paths.business.dashboard.title}
        description="Your ratings, visits and social clicks at a glance, against the previous period."
      />
      <SetupPanel />
      <FilterBar />
      <Box aria-busy={snapshot.isFetching}>
        {!isValid ? (
          <InvalidPeriod />
        ) : (
          <QueryStates
            query={snapshot}
            loading={{ label: 'Loading the snapshot', rows: 4, height: '24' }}
            what="the snapshot"
          >
            {() => {
              const data = snapshot.data!.body;
              return (
                <>
                  <PeriodNote period={data.period} />
                  <KpiCards snapshot={data} />
                  {data.targets ? <TargetsPanel performance={data.targets} /> : null}
                  {data.ratings.value === 0 ? (
                    <NoRatings />
                  ) : (
                    <>
                      <StaffHighlights snapshot={data} />
                      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
                        <StoresRanked
                          snapshot={data}
                          chain={limited ? (rank.data?.body ?? null) : undefined}
                        />
                        <LatestComments snapshot={data} />
                      </SimpleGrid>
                    </>
                  )}
                </>
              );
            }}
          </QueryStates>
        )}
      </Box>
      {isValid ? (
        <Suspense fallback={null}>
          <ComplaintHandlingPanel filters={filters} />
        </Suspense>
      ) : null}
      {isValid ? <ThemesPanel filters={filters} /> : null}
    </Box>
  );
}
