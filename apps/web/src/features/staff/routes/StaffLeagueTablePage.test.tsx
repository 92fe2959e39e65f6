// /staff-performance and /store-performance: fair ranks with ties, not-ranked people, sorting, settings and CSV export.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { covent, soho, staffLeagueFixture, storeLeagueFixture } from '@/testing/analytics-fixtures';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

afterEach(() => toaster.remove());

const base = {
  'GET /api/v1/store': () =>
    jsonResponse(200, { stores: [storeFixture({ ...covent }), storeFixture({ ...soho })] }),
  'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
  'GET /api/v1/analytics/settings': () => jsonResponse(200, { minSample: 10 }),
  // the area league under the store league: a business without areas yet
  'GET /api/v1/analytics/area-league': () =>
    jsonResponse(200, {
      ...storeLeagueFixture({ ranked: [], notRanked: [] }),
      parent: { _id: 'top', name: 'Top' },
      path: [{ _id: 'top', name: 'Top' }],
      level: 1,
    }),
};

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('/staff-performance (Staff League Table)', () => {
  it('ranks by adjusted average with shared ranks for ties, and lists people below the minimum apart', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/analytics/staff-league': () => jsonResponse(200, staffLeagueFixture()),
    });
    renderApp(paths.business.staffPerformance.path, { token: 't' });
    const table = await screen.findByRole('table', { name: 'Staff league table' });
    const rows = within(table).getAllByTestId('staff-row');
    expect(rows.map((r) => cellTexts(r).slice(0, 2))).toEqual([
      ['1', 'OBOlivia BennettCovent Garden'],
      ['2= (tied)', 'MCMia ChenCovent Garden'],
      ['2= (tied)', 'NPNoah PatelCovent Garden'],
    ]);
    expect(cellTexts(rows[0]!).slice(2)).toEqual([
      '4.78',
      '4.80',
      '200',
      '95.0%',
      '▲ +0.20up 0.20 on the previous period',
      '4.40 (31)',
    ]);
    const notRanked = screen.getByRole('region', { name: 'Not ranked yet' });
    expect(within(notRanked).getByText('Sam Lee')).toBeInTheDocument();
    expect(within(notRanked).getByText('Not enough ratings yet (2 of 10)')).toBeInTheDocument();
    expect(within(table).queryByText('Sam Lee')).not.toBeInTheDocument();
  });

  it('sorts by a column through the URL and the API, and reverses on a second click', async () => {
    const api = mockFetch({
      ...base,
      'GET /api/v1/analytics/staff-league': () => jsonResponse(200, staffLeagueFixture()),
    });
    const { router } = renderApp(paths.business.staffPerformance.path, { token: 't' });
    const table = await screen.findByRole('table', { name: 'Staff league table' });
    expect(within(table).getByRole('columnheader', { name: /Rank/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'CSAT' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=csat'));
    await waitFor(() =>
      expect(Object.fromEntries(api.queriesOf('GET /api/v1/analytics/staff-league').at(-1)!)).toMatchObject({
        sort: 'csat',
        order: 'desc',
      }),
    );
    expect(within(table).getByRole('columnheader', { name: /CSAT/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'CSAT' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=csat&order=asc'));
  });

  it('saves the minimum sample and checks it first', async () => {
    const api = mockFetch({
      ...base,
      'GET /api/v1/analytics/staff-league': () => jsonResponse(200, staffLeagueFixture()),
      'PUT /api/v1/analytics/settings': ({ init }) => jsonResponse(200, JSON.parse(String(init.body))),
    });
    renderApp(paths.business.staffPerformance.path, { token: 't' });
    const input = await screen.findByRole('spinbutton', { name: 'Minimum ratings before ranking' });
    await waitFor(() => expect(input).toHaveValue(10));
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Minimum ratings must be at least 1')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('People and stores are ranked from 25 ratings')).toBeInTheDocument();
    expect(api.bodiesOf('PUT /api/v1/analytics/settings')).toEqual([{ minSample: 25 }]);
  });

  it('downloads the CSV with the current filters and the bearer token, under the server’s file name', async () => {
    const saved: { name: string; text: Promise<string> }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      // jsdom's Blob has no text(); FileReader reads it the old way.
      const text = new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob as Blob);
      });
      saved.push({ name: '', text });
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.at(-1)!.name = this.download;
    });
    const api = mockFetch({
      ...base,
      'GET /api/v1/analytics/staff-league': () => jsonResponse(200, staffLeagueFixture()),
      'GET /api/v1/analytics/export/staff': () =>
        new Response('rank,name\n1,Olivia Bennett\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="staff_last7_Europe-London.csv"',
          },
        }),
    });
    renderApp(`${paths.business.staffPerformance.path}?period=last7&stores=${soho._id}`, { token: 'tok' });
    await screen.findByRole('table', { name: 'Staff league table' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV of the staff league table' }));
    expect(await screen.findByText('Saved staff_last7_Europe-London.csv')).toBeInTheDocument();
    const [call] = api.callsOf('GET /api/v1/analytics/export/staff');
    expect(Object.fromEntries(new URL(String(call![0]), 'http://localhost').searchParams)).toEqual({
      period: 'last7',
      stores: soho._id,
      sort: 'rank',
      order: 'asc',
    });
    expect((call![1]!.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(saved[0]!.name).toBe('staff_last7_Europe-London.csv');
    expect(await saved[0]!.text).toBe('rank,name\n1,Olivia Bennett\n');
  });

  it('says there are no ratings in the period', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/analytics/staff-league': () =>
        jsonResponse(200, staffLeagueFixture({ ranked: [], notRanked: [], priorMean: null })),
    });
    renderApp(paths.business.staffPerformance.path, { token: 't' });
    expect(await screen.findByText('No ratings in this period')).toBeInTheDocument();
  });
});

describe('/store-performance (Store League Table)', () => {
  it('shows visits, rating rate and social clicks by network, with stores below the minimum apart', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/analytics/store-league': () => jsonResponse(200, storeLeagueFixture()),
    });
    renderApp(paths.business.storePerformance.path, { token: 't' });
    const table = await screen.findByRole('table', { name: 'Store league table' });
    const [row] = within(table).getAllByTestId('store-row');
    expect(cellTexts(row!)).toEqual([
      '1',
      'CGCovent Garden',
      '4.58',
      '4.60',
      '80',
      '90.0%',
      '▲ +0.20up 0.20 on the previous period',
      '40020.0% rated',
      '15Google 12 · Instagram 3',
      'No target',
    ]);
    // Visits and rating rate share a column; each figure keeps its explanation in the header.
    const visits = within(table).getAllByRole('columnheader')[7]!;
    expect(visits).toHaveTextContent(/^Visits.*Rating rate/);
    expect(within(visits).getByRole('button', { name: 'What is Visits?' })).toBeInTheDocument();
    expect(within(visits).getByRole('button', { name: 'What is Rating rate?' })).toBeInTheDocument();
    const notRanked = screen.getByRole('region', { name: 'Not ranked yet' });
    expect(within(notRanked).getByText('Not enough ratings yet (3 of 10)')).toBeInTheDocument();
  });

  it('shows the error with a retry when the table cannot load', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/analytics/store-league': () => jsonResponse(403, { message: 'Not your stores' }),
    });
    renderApp(paths.business.storePerformance.path, { token: 't' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the store league table');
    expect(alert).toHaveTextContent('Not your stores');
  });
});
