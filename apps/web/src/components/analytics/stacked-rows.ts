// Phones' league tables (#36): below `md` each row becomes a card of labelled figures (every one visible at 360 px,
// no sideways scroll), the name first across the card; the sortable headers stay as a row of sort buttons above.
import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * `labels`: each body cell's label in column order ('' for none, e.g. the name). `nameColumn`: the 1-based column
 * that leads the card. `cellMin`: the narrowest a figure's cell gets (short figures may pack more to a line).
 */
export function stackedRows(
  labels: readonly string[],
  nameColumn = 2,
  cellMin = '6.5rem',
): SystemStyleObject {
  const perCell: Record<string, SystemStyleObject> = {};
  labels.forEach((label, i) => {
    if (label) perCell[`& tbody td:nth-of-type(${i + 1})::before`] = { content: JSON.stringify(label) };
  });
  const flat = { position: 'static', minW: '0', maxW: 'none', boxShadow: 'none', border: '0' } as const;
  const phone: Record<string, SystemStyleObject> = {
    '& table, & thead, & tbody': { display: 'block', width: 'full' },
    '& thead tr': {
      display: 'flex',
      flexWrap: 'wrap',
      gap: '1',
      px: '2',
      py: '1.5',
      borderBottomWidth: '1px',
    },
    '& thead th': { ...flat, display: 'block', p: '0' },
    // only the sortable headers: they are the phone's sort buttons; the figures carry their own labels
    '& thead th:not([aria-sort])': { display: 'none' },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: `repeat(auto-fill, minmax(${cellMin}, 1fr))`,
      columnGap: '3',
      rowGap: '2',
      px: '3',
      py: '3',
      borderBottomWidth: '1px',
    },
    '& tbody td': { ...flat, display: 'block', p: '0', textAlign: 'start', whiteSpace: 'normal' },
    '& tbody td::before': { display: 'block', fontSize: 'xs', fontWeight: 'normal', color: 'fg.muted' },
    [`& tbody td:nth-of-type(${nameColumn})`]: { gridColumn: '1 / -1', order: '-1' },
    ...perCell,
  };
  return { mdDown: phone } as SystemStyleObject;
}
