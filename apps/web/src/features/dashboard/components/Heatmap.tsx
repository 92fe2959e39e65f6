// Ratings by local weekday × hour (each store's own clock) as a table: shade by count, the number in each cell.
import { Box, Card, Heading, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import type { TOverview } from '@cx/contracts';
import { formatFigure } from '@/lib/analytics/format';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** Light to mid blue, so the dark count text keeps at least 4.5:1 contrast on every shade. */
const shade = (count: number, max: number) =>
  count === 0 ? 'transparent' : `rgba(37, 99, 235, ${(0.08 + 0.52 * (count / max)).toFixed(3)})`;

export function Heatmap({ heatmap }: { heatmap: TOverview['heatmap'] }) {
  const cells = new Map(heatmap.map((c) => [`${c.weekday}-${c.hour}`, c]));
  const max = Math.max(1, ...heatmap.map((c) => c.count));
  return (
    <Card.Root as="section" aria-labelledby="heatmap-title" size="sm" mb="6">
      <Card.Header>
        <Heading as="h2" id="heatmap-title" size="md">
          When customers rate you
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Ratings by weekday and hour, in each store's local time
        </Text>
      </Card.Header>
      <Card.Body>
        {/* position: relative keeps the cells' hidden texts inside this scroll box, not widening the page. */}
        <Box
          position="relative"
          overflowX="auto"
          tabIndex={0}
          role="region"
          aria-label="Ratings by weekday and hour, scrollable"
        >
          <Table.Root size="sm" css={{ '& td, & th': { px: '1', py: '1', textAlign: 'center' } }}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <VisuallyHidden>Weekday</VisuallyHidden>
                </Table.ColumnHeader>
                {HOURS.map((h) => (
                  <Table.ColumnHeader key={h} fontSize="2xs" fontWeight="normal" color="fg.muted">
                    <abbr title={hourLabel(h)}>{String(h).padStart(2, '0')}</abbr>
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {WEEKDAYS.map((day, i) => (
                <Table.Row key={day}>
                  <Table.Cell as="th" fontSize="xs" textAlign="start" whiteSpace="nowrap" scope="row">
                    {day.slice(0, 3)}
                  </Table.Cell>
                  {HOURS.map((h) => {
                    const cell = cells.get(`${i + 1}-${h}`);
                    return (
                      <Table.Cell
                        key={h}
                        minW="7"
                        fontSize="2xs"
                        color="gray.900"
                        style={{ background: shade(cell?.count ?? 0, max) }}
                        title={
                          cell
                            ? `${day} ${hourLabel(h)}: ${cell.count} ratings, average ${formatFigure(cell.average, 'stars')}`
                            : undefined
                        }
                      >
                        {cell ? formatFigure(cell.count, 'count') : ''}
                        {cell ? (
                          <VisuallyHidden>
                            {' '}
                            ratings on {day} at {hourLabel(h)}, average {formatFigure(cell.average, 'stars')}{' '}
                            out of 5
                          </VisuallyHidden>
                        ) : null}
                      </Table.Cell>
                    );
                  })}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
