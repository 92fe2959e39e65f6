// The table's rules: column sorts both ways (ties by name), the header click cycle, search fields, the hours line.
import { storeFixture } from '@/testing/store-fixtures';
import { hoursSummary, nextSort, searchStores, sortStores } from './store-table';

const A = '64b7f0c2a1b2c3d4e5f6a001';
const areas = new Map([[A, 'Leeds']]);
const week = (days: number[], open = '07:30', close = '18:00') =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open, close, closed: !days.includes(day) }));

describe('store table rules', () => {
  const soho = storeFixture({ name: 'soho', code: 'B-2', tags: ['drive-thru'] });
  const camden = storeFixture({ name: 'Camden', code: 'B-10', area: A });
  const bath = storeFixture({
    name: 'Bath',
    code: null,
    interfaces: { interface1: { status: false }, interface2: { status: true }, interface3: { status: true } },
  });

  it('sorts by a column both ways, numerically where codes have numbers, ties by name', () => {
    const list = [soho, camden, bath];
    const names = (sort: Parameters<typeof sortStores>[1]) =>
      sortStores(list, sort, areas).map((s) => s.name);
    expect(names({ sort: 'name', order: 'asc' })).toEqual(['Bath', 'Camden', 'soho']);
    expect(names({ sort: 'code', order: 'asc' })).toEqual(['Bath', 'soho', 'Camden']);
    expect(names({ sort: 'code', order: 'desc' })).toEqual(['Camden', 'soho', 'Bath']);
    expect(names({ sort: 'interfaces', order: 'asc' })).toEqual(['Bath', 'Camden', 'soho']);
    expect(names({ sort: 'area', order: 'desc' })).toEqual(['Camden', 'Bath', 'soho']);
  });

  it('a header click flips the current column and starts another ascending', () => {
    expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'code')).toEqual({ sort: 'code', order: 'asc' });
  });

  it('searches name, code, area and tags case-insensitively', () => {
    const list = [soho, camden, bath];
    expect(searchStores(list, 'LEEDS', areas)).toEqual([camden]);
    expect(searchStores(list, 'b-1', areas)).toEqual([camden]);
    expect(searchStores(list, 'drive', areas)).toEqual([soho]);
    expect(searchStores(list, '  ', areas)).toEqual(list);
  });

  it('says the week in one line', () => {
    expect(hoursSummary(storeFixture({ openingHours: [] }))).toBe('Not set');
    expect(hoursSummary(storeFixture({ openingHours: week([1, 2, 3, 4, 5, 6]) }))).toBe(
      '07:30–18:00, Mon–Sat',
    );
    expect(hoursSummary(storeFixture({ openingHours: week([0, 1, 2, 3, 4, 5, 6]) }))).toBe(
      '07:30–18:00, every day',
    );
    expect(hoursSummary(storeFixture({ openingHours: week([1, 3]) }))).toBe('07:30–18:00, Mon, Wed');
    expect(hoursSummary(storeFixture({ openingHours: week([]) }))).toBe('Closed all week');
    const mixed = week([1, 6]).map((h) => (h.day === 6 ? { ...h, close: '21:00' } : h));
    expect(hoursSummary(storeFixture({ openingHours: mixed }))).toBe('Mon 07:30–18:00 · Sat 07:30–21:00');
  });
});
