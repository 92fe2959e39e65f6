// The Snapshot's "Complaint handling" card (#37): median first response and resolution, % within SLA, recovery rate
// and the top root cause of the period's cases, for the same period and stores as the rest of the page.
import { Box, Button, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { ROOT_CAUSE_LABELS } from '@cx/contracts';
import { Link } from 'react-router';
import { FigureName, type TFigure } from '@/components/FigureHelp';
import { QueryStates } from '@/components/LoadState';
import { paths } from '@/config/paths';
import { noRouteAttrs } from '@/lib/actions';
import type { TDashboardFilters } from '@/lib/analytics/filters';
import { useCaseMetrics } from '@/lib/case-metrics-query';
import { formatMinutes, formatPct } from '@/lib/case-format';
import { Panel } from './SnapshotPanels';

function Figure({ figure, value, testId }: { figure: TFigure; value: string; testId: string }) {
  return (
    <Stat.Root size="sm">
      <Stat.Label>
        <FigureName figure={figure} />
      </Stat.Label>
      <Stat.ValueText data-testid={testId}>{value}</Stat.ValueText>
    </Stat.Root>
  );
}

export function ComplaintHandlingPanel({ filters }: { filters: TDashboardFilters }) {
  const metrics = useCaseMetrics(filters);
  return (
    <Box mb="6">
      <Panel id="complaint-handling" title="Complaint handling">
        <QueryStates
          query={metrics}
          loading={{ label: 'Loading complaint handling', rows: 1, height: '16' }}
          what="complaint handling"
        >
          {() => {
            const m = metrics.data!.body;
            const top = m.topRootCauses[0];
            return (
              <>
                <Text fontSize="sm" color="fg.muted" mb="3">
                  {m.opened} {m.opened === 1 ? 'case' : 'cases'} opened, {m.resolved} resolved, {m.open} open
                  {m.overdue ? ` (${m.overdue} overdue)` : ''}.
                </Text>
                <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
                  <Figure
                    figure="medianFirstResponse"
                    value={formatMinutes(m.medianFirstResponseMinutes)}
                    testId="cases-first-response"
                  />
                  <Figure
                    figure="medianResolution"
                    value={formatMinutes(m.medianResolutionMinutes)}
                    testId="cases-resolution"
                  />
                  <Figure figure="withinSla" value={formatPct(m.withinSlaPct)} testId="cases-within-sla" />
                  <Figure figure="recoveryRate" value={formatPct(m.recoveryRate)} testId="cases-recovery" />
                  <Figure
                    figure="topRootCause"
                    value={top ? `${ROOT_CAUSE_LABELS[top.rootCause]} (${top.count})` : '–'}
                    testId="cases-top-root-cause"
                  />
                </SimpleGrid>
                <Button asChild variant="outline" size="sm" mt="4" {...noRouteAttrs}>
                  <Link to={paths.business.cases.path}>Open the cases</Link>
                </Button>
              </>
            );
          }}
        </QueryStates>
      </Panel>
    </Box>
  );
}
