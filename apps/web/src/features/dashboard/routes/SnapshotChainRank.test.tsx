// /dashboard for a store manager: the stores panel gives their store's place in the whole chain ("#2 of 3"), not
// first of a league of one, and names no other store.
import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { covent, periodFixture, snapshotFixture, themesReportFixture } from '@/testing/analytics-fixtures';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp, testUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

const manager = {
  ...testUser,
  role: 'manager',
  stores: [covent._id],
  businesses: [{ _id: '64b7f0c2a1b2c3d4e5f6b001', name: 'Ada Coffee', role: 'manager' }],
};

function mockManagerSnapshot() {
  return mockFetch({
    'GET /api/v1/store': () => jsonResponse(200, { stores: [storeFixture({ ...covent })] }),
    'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
    'GET /api/v1/analytics/themes': () => jsonResponse(200, themesReportFixture()),
    'GET /api/v1/analytics/snapshot': () =>
      jsonResponse(
        200,
        snapshotFixture({
          stores: [{ rank: 1, store: covent, ratings: 80, average: 4.6, adjustedAverage: 4.58 }],
        }),
      ),
    'GET /api/v1/analytics/store-rank': () =>
      jsonResponse(200, {
        period: periodFixture(),
        ranked: 3,
        minSample: 10,
        stores: [{ store: { _id: covent._id, name: covent.name }, rank: 2, ratings: 80 }],
      }),
  });
}

describe('/dashboard (Snapshot) for a store manager', () => {
  it("ranks the manager's store in the whole chain: #2 of 3", async () => {
    const api = mockManagerSnapshot();
    renderApp(`${paths.business.dashboard.path}?period=last7`, { token: 't', user: manager });
    const panel = await screen.findByRole('region', { name: 'Stores ranked' });
    await waitFor(() =>
      expect(within(panel).getByRole('listitem')).toHaveTextContent(/^#2 of 3 Covent Garden/),
    );
    expect(within(panel).getByText('Places among all 3 ranked stores of the chain.')).toBeInTheDocument();
    expect(api.queriesOf('GET /api/v1/analytics/store-rank')[0]?.get('period')).toBe('last7');
  });

  it('asks nothing of the chain for an owner, whose league is the chain', async () => {
    const api = mockManagerSnapshot();
    renderApp(paths.business.dashboard.path, { token: 't' });
    const panel = await screen.findByRole('region', { name: 'Stores ranked' });
    expect(within(panel).getByRole('listitem')).toHaveTextContent(/^1 Covent Garden/);
    expect(api.callsOf('GET /api/v1/analytics/store-rank')).toHaveLength(0);
  });
});
