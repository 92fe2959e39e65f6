// Pieces both league tables share: the rank cell (ties share a rank), the shared figure cells, and who is not ranked yet.
import { Box, Heading, HStack, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ChangeText } from '@/components/analytics/ChangeText';
import { formatFigure } from '@/lib/analytics/format';

/**
 * The scroll box a wide table sits in. `position: relative` makes it the containing block of what is positioned inside
 * (VisuallyHidden texts are absolutely positioned): otherwise those escape its clipping, and a table 1,000 px wide
 * makes the whole page scroll sideways on a phone even though the table itself scrolls.
 */
export const TABLE_SCROLL_BOX = {
  position: 'relative',
  borderWidth: '1px',
  rounded: 'md',
  bg: 'bg',
} as const;

/**
 * The name column stays in view while the figures scroll under it, and wraps long names on phones so the figures
 * keep some room beside it.
 */
export const STICKY_NAME_COLUMN = {
  position: 'sticky',
  insetStart: '0',
  zIndex: '1',
  bg: 'bg',
  whiteSpace: 'normal',
  minW: { base: '36', md: '40' },
  maxW: { base: '44', md: 'none' },
  boxShadow: { base: 'inset -1px 0 0 var(--chakra-colors-border)', md: 'none' },
} as const;

/** Ranks held by more than one row. */
export function tiedRanks(rows: { rank: number | null }[]): Set<number> {
  const seen = new Set<number>();
  const tied = new Set<number>();
  for (const { rank } of rows) {
    if (rank === null) continue;
    if (seen.has(rank)) tied.add(rank);
    seen.add(rank);
  }
  return tied;
}

export function RankCell({ rank, tied }: { rank: number | null; tied: boolean }) {
  return (
    <Table.Cell fontWeight="bold" whiteSpace="nowrap">
      {rank ?? '–'}
      {tied ? (
        <>
          <span aria-hidden="true">=</span>
          <VisuallyHidden> (tied)</VisuallyHidden>
        </>
      ) : null}
    </Table.Cell>
  );
}

/** The spec's words for someone below the minimum sample. */
export const notEnoughText = (ratings: number, minSample: number) =>
  `Not enough ratings yet (${ratings} of ${minSample})`;

export function NotRankedList({
  id,
  title,
  rows,
  minSample,
}: {
  id: string;
  title: string;
  rows: { key: string; name: ReactNode; ratings: number; extra?: ReactNode }[];
  minSample: number;
}) {
  if (rows.length === 0) return null;
  return (
    <Box as="section" aria-labelledby={id} mt="6">
      <Heading as="h2" id={id} size="md" mb="1">
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Ranked once they have {minSample} ratings in the period, so a couple of lucky ratings cannot top the
        table.
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-labelledby={id}>
        {rows.map((row) => (
          <HStack
            as="li"
            key={row.key}
            justify="space-between"
            wrap="wrap"
            gap="2"
            p="2"
            borderWidth="1px"
            rounded="md"
            bg="bg"
          >
            <Box fontWeight="medium">{row.name}</Box>
            <Text fontSize="sm" color="fg.muted">
              {notEnoughText(row.ratings, minSample)}
              {row.extra}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

/** The figures both league tables show for a ranked row: adjusted and raw average, ratings, CSAT and the trend. */
export function RankedFigureCells({
  row,
}: {
  row: {
    adjustedAverage: number | null;
    average: number | null;
    ratings: number;
    csat: number | null;
    trend: { change: number | null };
  };
}) {
  return (
    <>
      <Table.Cell textAlign="end" fontWeight="semibold">
        {formatFigure(row.adjustedAverage, 'stars')}
      </Table.Cell>
      <Table.Cell textAlign="end">{formatFigure(row.average, 'stars')}</Table.Cell>
      <Table.Cell textAlign="end">{formatFigure(row.ratings, 'count')}</Table.Cell>
      <Table.Cell textAlign="end">{formatFigure(row.csat, 'percent')}</Table.Cell>
      <Table.Cell textAlign="end">
        <ChangeText change={row.trend.change} unit="stars" />
      </Table.Cell>
    </>
  );
}
