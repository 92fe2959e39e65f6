// The Overview's series: a chart, or the same numbers as a table (a toggle, so keyboard and screen-reader users get them).
import { Box, Button, Card, Heading, HStack, Table, Text } from '@chakra-ui/react';
import type { TOverview } from '@cx/contracts';
import { useState } from 'react';
import { stackedRows } from '@/components/analytics/stacked-rows';
import { formatFigure } from '@/lib/analytics/format';
import { formatBucket } from './series-format';
import { SeriesChart } from './OverviewCharts';

/** On a phone each period is a card of labelled figures (the period leads it). */
const PHONE_ROWS = stackedRows(
  ['', 'Ratings', 'Average (out of 5)', '1★', '2★', '3★', '4★', '5★'],
  1,
  '4rem',
);

function SeriesTable({ overview }: { overview: TOverview }) {
  return (
    <Table.ScrollArea
      // The containing block of the cells' hidden texts, so they scroll with the table, not the page (see LeagueParts).
      position="relative"
      borderWidth="1px"
      rounded="md"
      maxH="md"
      tabIndex={0}
      aria-label="Ratings over time table"
    >
      <Table.Root size="sm" stickyHeader css={PHONE_ROWS}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Period</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Ratings</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Average (out of 5)</Table.ColumnHeader>
            {[1, 2, 3, 4, 5].map((s) => (
              <Table.ColumnHeader key={s} textAlign="end">
                {s}★
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {overview.series.map((p) => (
            <Table.Row key={p.bucket}>
              <Table.Cell whiteSpace="nowrap">{formatBucket(p.bucket, overview.granularity)}</Table.Cell>
              <Table.Cell textAlign="end">{formatFigure(p.count, 'count')}</Table.Cell>
              <Table.Cell textAlign="end">{formatFigure(p.average, 'stars')}</Table.Cell>
              {p.distribution.map((n, i) => (
                <Table.Cell key={i} textAlign="end">
                  {formatFigure(n, 'count')}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function SeriesPanel({ overview }: { overview: TOverview }) {
  const [asTable, setAsTable] = useState(false);
  return (
    <Card.Root as="section" aria-labelledby="series-title" size="sm" mb="6">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Box>
            <Heading as="h2" id="series-title" size="md">
              Ratings over time
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Ratings per {overview.granularity} by stars (bars) and the average out of 5 (line)
            </Text>
          </Box>
          <Button size="xs" variant="outline" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        {asTable ? (
          <SeriesTable overview={overview} />
        ) : (
          <Box as="figure" aria-label="Chart of ratings over time; use Show as table for the numbers">
            <SeriesChart series={overview.series} granularity={overview.granularity} />
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
