// The areas picker (several areas): areas under their parents in tree order, chosen by click or keyboard, empty and error states.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TArea } from '@cx/contracts';
import { useState } from 'react';
import { ChakraShell } from '@/app/chakra-shell';
import { areasInTreeOrder } from './AreaPicker';
import { AreasPicker } from './AreasPicker';

const id = (n: number) => `64b7f0c2a1b2c3d4e5f6b${String(n).padStart(3, '0')}`;
const AREAS: TArea[] = [
  { _id: id(1), name: 'Northwind Coffee', parent: null },
  { _id: id(3), name: 'US', parent: id(1) },
  { _id: id(2), name: 'UK', parent: id(1) },
  { _id: id(5), name: 'New York', parent: id(3) },
  { _id: id(4), name: 'London', parent: id(2) },
  { _id: id(6), name: 'Camden', parent: id(4) },
];

function Harness({ areas = AREAS, error }: { areas?: TArea[]; error?: string }) {
  const [value, setValue] = useState<string[]>([id(4)]);
  return (
    <ChakraShell>
      <AreasPicker areas={areas} value={value} onChange={setValue} error={error} />
      <output data-testid="chosen">{value.join(',')}</output>
    </ChakraShell>
  );
}

describe('AreasPicker', () => {
  it('lists each area under its parent, deeper ones indented after it', () => {
    expect(areasInTreeOrder(AREAS).map((r) => `${r.depth}:${r.area.name}`)).toEqual([
      '0:Northwind Coffee',
      '1:UK',
      '2:London',
      '3:Camden',
      '1:US',
      '2:New York',
    ]);
    // A member who sees only part of the tree: an area whose parent is not listed starts its own branch.
    expect(areasInTreeOrder(AREAS.slice(3)).map((r) => `${r.depth}:${r.area.name}`)).toEqual([
      '0:London',
      '1:Camden',
      '0:New York',
    ]);
  });

  it('shows the chosen areas checked and toggles them by click and by keyboard', async () => {
    render(<Harness />);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Northwind Coffee',
      'UK',
      'London',
      'Camden',
      'US',
      'New York',
    ]);
    expect(screen.getByRole('checkbox', { name: 'London' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'New York' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent(`${id(4)},${id(5)}`);
    screen.getByRole('checkbox', { name: 'London' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.getByTestId('chosen')).toHaveTextContent(id(5));
    expect(screen.getByRole('checkbox', { name: 'London' })).not.toBeChecked();
  });

  it('says when there are no areas, and shows an error', () => {
    render(<Harness areas={[]} error="Area not found" />);
    expect(screen.getByText('There are no areas yet.')).toBeInTheDocument();
    expect(screen.getByText('Area not found')).toBeInTheDocument();
  });
});
