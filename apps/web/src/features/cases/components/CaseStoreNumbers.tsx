// Complaint handling per store for a period: opened, median first response and resolution, % within SLA, recovery
// rate and the top root cause (GET /analytics/cases), below the inbox.
import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { ROOT_CAUSE_LABELS, type TPeriodPreset } from '@cx/contracts';
import { useState } from 'react';
import { FigureName } from '@/components/FigureHelp';
import { FilterSelect } from '@/components/FilterFields';
import { QueryStates } from '@/components/LoadState';
import { PERIOD_LABELS } from '@/lib/analytics/filters';
import { useCaseMetrics } from '@/lib/case-metrics-query';
import { formatMinutes, formatPct } from '@/lib/case-format';

const PERIODS: TPeriodPreset[] = ['last7', 'last30', 'thisMonth', 'lastMonth', 'last90'];

export function CaseStoreNumbers({ store, area }: { store: string; area: string }) {
  const [period, setPeriod] = useState<TPeriodPreset>('last30');
  const metrics = useCaseMetrics({
    period,
    ...(store ? { stores: store } : {}),
    ...(area ? { areas: area } : {}),
  });
  return (
    <Box as="section" aria-labelledby="case-numbers" mt="10">
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ sm: 'flex-end' }}
        mb="3"
        gap="3"
      >
        <Heading as="h2" id="case-numbers" size="lg">
          Complaint handling by store
        </Heading>
        <FilterSelect label="Period" value={period} onChange={(p) => setPeriod(p as TPeriodPreset)}>
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </option>
          ))}
        </FilterSelect>
      </Stack>
      <QueryStates
        query={metrics}
        loading={{ label: 'Loading complaint handling by store', rows: 2, height: '10' }}
        what="complaint handling by store"
        isEmpty={(metrics.data?.body.perStore.length ?? 0) === 0}
        empty={<Text color="fg.muted">No cases opened in this period.</Text>}
      >
        {() => (
          <Box overflowX="auto" borderWidth="1px" rounded="lg">
            <Table.Root size="sm" aria-label="Complaint handling by store">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Store</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Opened</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <FigureName figure="medianFirstResponse">First response</FigureName>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <FigureName figure="medianResolution">Resolution</FigureName>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <FigureName figure="withinSla" />
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <FigureName figure="recoveryRate" />
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>Top root cause</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {metrics.data!.body.perStore.map((row) => (
                  <Table.Row key={row.store._id}>
                    <Table.Cell>{row.store.name}</Table.Cell>
                    <Table.Cell textAlign="end">{row.opened}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMinutes(row.medianFirstResponseMinutes)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMinutes(row.medianResolutionMinutes)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatPct(row.withinSlaPct)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatPct(row.recoveryRate)}</Table.Cell>
                    <Table.Cell>{row.topRootCause ? ROOT_CAUSE_LABELS[row.topRootCause] : '–'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </QueryStates>
    </Box>
  );
}
