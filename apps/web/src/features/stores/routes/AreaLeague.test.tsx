// /store-performance's Area league table and the dashboard filter bar's area picker (#35).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAreaLeague, TAreaLeagueRow } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { periodFixture, storeLeagueFixture } from '@/testing/analytics-fixtures';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => toaster.remove());

const TOP = '64b7f0c2a1b2c3d4e5f60001';
const UK = '64b7f0c2a1b2c3d4e5f60002';
const US = '64b7f0c2a1b2c3d4e5f60003';
const LONDON = '64b7f0c2a1b2c3d4e5f60004';
const AREAS = [
  { _id: TOP, name: 'Northwind', parent: null },
  { _id: US, name: 'US', parent: TOP },
  { _id: UK, name: 'UK', parent: TOP },
  { _id: LONDON, name: 'London', parent: UK },
];

const row = (id: string, name: string, over: Partial<TAreaLeagueRow> = {}): TAreaLeagueRow => ({
  rank: 1,
  ratings: 40,
  average: 4.5,
  adjustedAverage: 4.4,
  csat: 87.5,
  trend: { previousAverage: 4.2, change: 0.3 },
  distribution: [1, 2, 2, 10, 25],
  area: { _id: id, name },
  stores: 12,
  ...over,
});

const league = (over: Partial<TAreaLeague> = {}): TAreaLeague => ({
  period: periodFixture(),
  parent: { _id: TOP, name: 'Northwind' },
  path: [{ _id: TOP, name: 'Northwind' }],
  level: 1,
  minSample: 10,
  priorMean: 4.1,
  ranked: [
    row(UK, 'UK'),
    row(US, 'US', {
      rank: 2,
      adjustedAverage: 3.9,
      average: 3.8,
      stores: 1,
      targets: [
        {
          metric: 'average',
          actual: 3.8,
          target: 4.2,
          from: { _id: TOP, kind: 'area', name: 'Northwind' },
          variance: -0.4,
          state: 'red',
          vsParent: -0.35,
          vsPeers: -0.7,
        },
      ],
    }),
  ],
  notRanked: [],
  ...over,
});

const base = {
  'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
  'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
  'GET /api/v1/areas': () => jsonResponse(200, { areas: AREAS }),
  'GET /api/v1/analytics/settings': () => jsonResponse(200, { minSample: 10 }),
  'GET /api/v1/analytics/store-league': () => jsonResponse(200, storeLeagueFixture()),
};

const cells = (r: HTMLElement) =>
  within(r)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('/store-performance: Area league table', () => {
  it('ranks the areas with their figures, and opens an area to rank the areas inside it', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      ...base,
      'GET /api/v1/analytics/area-league': ({ url }) =>
        url.searchParams.get('parent') === UK
          ? jsonResponse(
              200,
              league({
                parent: { _id: UK, name: 'UK' },
                path: [
                  { _id: TOP, name: 'Northwind' },
                  { _id: UK, name: 'UK' },
                ],
                level: 2,
                ranked: [],
                notRanked: [row(LONDON, 'London', { rank: null, ratings: 3, stores: 1 })],
              }),
            )
          : jsonResponse(200, league()),
    });
    renderApp(paths.business.storePerformance.path, { token: 't' });
    const table = await screen.findByRole('table', { name: 'Area league table' });
    const rows = within(table).getAllByTestId('area-row');
    expect(cells(rows[0]!)).toEqual([
      '1',
      'UK',
      '4.40',
      '4.50',
      '40',
      '87.5%',
      '▲ +0.30up 0.30 on the previous period',
      '12',
      'No target',
    ]);
    expect(cells(rows[1]!).slice(0, 3)).toEqual(['2', 'US', '3.90']);
    // red/amber/green against the target the area inherits, and its average against its parent and its peers
    expect(
      within(rows[1]!).getByLabelText('Average score: Below target, 3.80 vs 4.20 (target from Northwind)'),
    ).toHaveTextContent('Avg 3.80 vs 4.20');
    expect(cells(rows[1]!).at(-1)).toMatch(/Avg vs area −0\.35vs peers −0\.70$/);
    await user.click(within(table).getByRole('button', { name: 'UK: show its areas' }));
    const notRanked = await screen.findByRole('region', { name: 'Areas not ranked yet' });
    expect(within(notRanked).getByText('London')).toBeInTheDocument();
    expect(within(notRanked).getByText(/Not enough ratings yet \(3 of 10\) · 1 store/)).toBeInTheDocument();
    expect(api.queriesOf('GET /api/v1/analytics/area-league').at(-1)!.get('parent')).toBe(UK);
    // the path goes back up
    await user.click(screen.getByRole('button', { name: 'Northwind' }));
    await screen.findByRole('table', { name: 'Area league table' });
    expect(api.queriesOf('GET /api/v1/analytics/area-league').at(-1)!.get('parent')).toBe(TOP);
  });

  it('shows a loading state, then the empty state with a way to the Structure page', async () => {
    const held = deferred<Response>();
    mockFetch({ ...base, 'GET /api/v1/analytics/area-league': () => held.promise });
    renderApp(paths.business.storePerformance.path, { token: 't' });
    expect(await screen.findByRole('status', { name: 'Loading the area league table' })).toBeInTheDocument();
    held.resolve(jsonResponse(200, league({ ranked: [], notRanked: [] })));
    expect(await screen.findByText('No areas to compare yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Structure' })).toHaveAttribute(
      'href',
      paths.business.structure.path,
    );
  });

  it('shows the error with a retry that asks again', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      ...base,
      'GET /api/v1/analytics/area-league': ({ calls }) =>
        calls === 1 ? jsonResponse(404, { message: 'Area not found' }) : jsonResponse(200, league()),
    });
    renderApp(paths.business.storePerformance.path, { token: 't' });
    const title = await screen.findByText('Could not load the area league table');
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Area not found');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Area league table' })).toBeInTheDocument();
    expect(api.callsOf('GET /api/v1/analytics/area-league').length).toBeGreaterThanOrEqual(2);
  });
});

describe('dashboard filter bar: area picker', () => {
  it('lists the tree indented under "All areas" and sends the chosen area to every figure on the page', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      ...base,
      'GET /api/v1/analytics/area-league': () => jsonResponse(200, league()),
    });
    const { router } = renderApp(paths.business.storePerformance.path, { token: 't' });
    const picker = await screen.findByRole('combobox', { name: 'Area' });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(5));
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All areas',
      'Northwind',
      '\u00a0\u00a0UK',
      '\u00a0\u00a0\u00a0\u00a0London',
      '\u00a0\u00a0US',
    ]);
    await user.selectOptions(picker, UK);
    await waitFor(() => expect(router.state.location.search).toContain(`areas=${UK}`));
    await waitFor(() =>
      expect(api.queriesOf('GET /api/v1/analytics/store-league').at(-1)!.get('areas')).toBe(UK),
    );
    expect(api.queriesOf('GET /api/v1/analytics/area-league').at(-1)!.get('areas')).toBe(UK);
  });

  it('is not shown for a business whose tree is its top area alone', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/areas': () => jsonResponse(200, { areas: [AREAS[0]] }),
      'GET /api/v1/analytics/area-league': () => jsonResponse(200, league({ ranked: [] })),
    });
    renderApp(paths.business.storePerformance.path, { token: 't' });
    await screen.findByText('No areas to compare yet');
    expect(screen.queryByRole('combobox', { name: 'Area' })).not.toBeInTheDocument();
  });
});
