// The frame both league-table pages share: header with CSV, filters, period note, intro, the ranked table, not ranked.
import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CsvDownloadButton } from '@/components/analytics/CsvDownloadButton';
import { InvalidPeriod, NoRatings } from '@/components/analytics/EmptyStates';
import { FilterBar } from '@/components/analytics/FilterBar';
import { LeagueIntro } from '@/components/analytics/LeagueIntro';
import { NotRankedList } from '@/components/analytics/LeagueParts';
import { PeriodNote } from '@/components/analytics/PeriodNote';
import { readSort } from '@/components/analytics/SortHeader';
import { QueryStates, type TQueryStatus } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { useDashboardFilters } from '@/lib/analytics/filters';

type TLeagueBody<Row> = {
  period: Parameters<typeof PeriodNote>[0]['period'];
  priorMean: number | null;
  minSample: number;
  ranked: Row[];
  notRanked: Row[];
};

type TLeagueQuery<Row> = TQueryStatus & { isFetching: boolean; data?: { body: TLeagueBody<Row> } };

export function LeaguePage<Row extends { ratings: number }>(props: {
  table: 'staff' | 'stores';
  title: string;
  description: string;
  /** "person" or "store", for the intro's sentence. */
  what: 'person' | 'store';
  showKind?: boolean;
  useLeague: (
    filters: ReturnType<typeof useDashboardFilters>['filters'],
    sort: ReturnType<typeof readSort>,
    enabled: boolean,
  ) => TLeagueQuery<Row>;
  renderTable: (
    data: TLeagueBody<Row>,
    sort: ReturnType<typeof readSort>,
    onSort: ReturnType<typeof useDashboardFilters>['update'],
  ) => ReactNode;
  rowKey: (row: Row) => string;
  rowName: (row: Row) => ReactNode;
  /** A section placed after the table, under the same filters (the store league's area league). */
  after?: ReactNode;
}) {
  const { filters, isValid, params, update } = useDashboardFilters();
  const sort = readSort(params);
  const league = props.useLeague(filters, sort, isValid);
  const what = `the ${props.table === 'staff' ? 'staff' : 'store'} league table`;
  return (
    <Box as="section" aria-labelledby="page-title">
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          <CsvDownloadButton
            table={props.table}
            query={{ ...filters, ...sort }}
            what={what}
            disabled={!isValid}
          />
        }
      />
      <FilterBar show={props.showKind ? { kind: true } : {}} />
      <Box aria-busy={league.isFetching}>
        {!isValid ? (
          <InvalidPeriod />
        ) : (
          <QueryStates
            query={league}
            loading={{ label: `Loading ${what}`, rows: 5, height: '12' }}
            what={what}
          >
            {() => {
              const data = league.data!.body;
              return (
                <>
                  <PeriodNote period={data.period} />
                  <LeagueIntro priorMean={data.priorMean} minSample={data.minSample} what={props.what} />
                  {data.ranked.length + data.notRanked.length === 0 ? (
                    <NoRatings />
                  ) : (
                    <>
                      {data.ranked.length > 0 ? props.renderTable(data, sort, update) : null}
                      <NotRankedList
                        id={`${props.table}-not-ranked`}
                        title="Not ranked yet"
                        minSample={data.minSample}
                        rows={data.notRanked.map((row) => ({
                          key: props.rowKey(row),
                          name: props.rowName(row),
                          ratings: row.ratings,
                        }))}
                      />
                    </>
                  )}
                </>
              );
            }}
          </QueryStates>
        )}
      </Box>
      {isValid ? props.after : null}
    </Box>
  );
}
