// The phone's facts strip on the dashboard pages: today's figures for the member's scope, "#2 of 3", and its states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStoreRank } from '@cx/contracts';
import { paths } from '@/config/paths';
import { covent, periodFixture, snapshotFixture, themesReportFixture } from '@/testing/analytics-fixtures';
import { deferred, mockFetch, type TMockRoute } from '@/testing/mock-api';
import { usePhoneViewport } from '@/testing/phone-viewport';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

const rank = (over: Partial<TStoreRank> = {}): TStoreRank => ({
  period: periodFixture(),
  ranked: 3,
  minSample: 10,
  stores: [{ store: { _id: covent._id, name: covent.name }, rank: 2, ratings: 40 }],
  ...over,
});
const notifications = (openAlerts: number) =>
  jsonResponse(200, {
    data: [],
    page: 1,
    limit: 1,
    total: openAlerts,
    unread: 0,
    openAlerts,
    hasMore: false,
  });
const onShift = (names: string[]) =>
  jsonResponse(200, {
    at: '2025-06-02T10:00:00.000Z',
    stores: [
      {
        ...covent,
        timeZone: 'Europe/London',
        localDay: '2025-06-02',
        localTime: '11:00',
        staff: names.map((name, i) => ({ _id: `s${i}`, name, photo: null, role: 'Barista', shift: {} })),
      },
    ],
  });

function mockDashboard(facts: Record<string, TMockRoute>) {
  return mockFetch({
    'GET /api/v1/store': () => jsonResponse(200, { stores: [storeFixture({ ...covent })] }),
    'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
    'GET /api/v1/analytics/themes': () => jsonResponse(200, themesReportFixture()),
    'GET /api/v1/analytics/snapshot': ({ url }) =>
      url.searchParams.get('period') === 'today'
        ? jsonResponse(200, snapshotFixture({ ratings: { value: 7, previous: 5, change: 2 } }))
        : jsonResponse(200, snapshotFixture()),
    'GET /api/v1/analytics/store-rank': () => jsonResponse(200, rank()),
    'GET /api/v1/notifications': () => notifications(2),
    'GET /api/v1/rota/on-shift': () => onShift(['Ana', 'Ben', 'Cleo', 'Dev']),
    ...facts,
  });
}

const fact = (strip: HTMLElement, label: string) => {
  const box = strip.querySelector(`[data-fact="${label}"]`);
  if (!(box instanceof HTMLElement)) throw new Error(`no fact ${label}`);
  return box;
};

describe('facts strip on a phone', () => {
  usePhoneViewport();

  it("opens /dashboard on today's ratings, average, open complaints, who is on shift and the store's rank", async () => {
    const api = mockDashboard({});
    renderApp(paths.business.dashboard.path, { token: 't' });
    const strip = await screen.findByRole('region', { name: 'Today at a glance' });
    await waitFor(() => expect(strip).toHaveAttribute('aria-busy', 'false'));
    expect(fact(strip, 'Ratings today')).toHaveTextContent('7');
    expect(fact(strip, 'Average today')).toHaveTextContent('4.52★');
    expect(fact(strip, 'Open complaints')).toHaveTextContent('2Alerts not yet acknowledged');
    expect(fact(strip, 'On shift now')).toHaveTextContent('4Ana, Ben, Cleo and 1 more');
    expect(fact(strip, 'Rank in the chain')).toHaveTextContent('#2 of 3In the chain, last 30 days');
    // facts first, then the page
    const title = await screen.findByRole('heading', { level: 1, name: 'Snapshot' });
    expect(strip.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.queriesOf('GET /api/v1/analytics/store-rank')[0]?.get('period')).toBe('last30');
  });

  it('shows each figure loading until its answer arrives', async () => {
    const held = deferred<Response>();
    mockDashboard({ 'GET /api/v1/analytics/store-rank': () => held.promise });
    renderApp(paths.business.overview.path, { token: 't' });
    const strip = await screen.findByRole('region', { name: 'Today at a glance' });
    await waitFor(() => expect(fact(strip, 'Ratings today')).toHaveTextContent('7'));
    expect(strip).toHaveAttribute('aria-busy', 'true');
    expect(within(strip).getByText('Loading rank in the chain')).toBeInTheDocument();
    held.resolve(jsonResponse(200, rank()));
    await waitFor(() => expect(fact(strip, 'Rank in the chain')).toHaveTextContent('#2 of 3'));
    expect(strip).toHaveAttribute('aria-busy', 'false');
  });

  it('says so when nothing has happened yet today and the store is not ranked', async () => {
    mockDashboard({
      'GET /api/v1/analytics/snapshot': () =>
        jsonResponse(
          200,
          snapshotFixture({
            ratings: { value: 0, previous: 0, change: 0 },
            average: { value: null, previous: null, change: null },
          }),
        ),
      'GET /api/v1/analytics/store-rank': () =>
        jsonResponse(200, rank({ ranked: 2, stores: [{ store: covent, rank: null, ratings: 4 }] })),
      'GET /api/v1/notifications': () => notifications(0),
      'GET /api/v1/rota/on-shift': () => onShift([]),
    });
    renderApp(paths.business.staffPerformance.path, { token: 't' });
    const strip = await screen.findByRole('region', { name: 'Today at a glance' });
    await waitFor(() => expect(strip).toHaveAttribute('aria-busy', 'false'));
    expect(fact(strip, 'Ratings today')).toHaveTextContent('0No ratings yet today');
    expect(fact(strip, 'Average today')).toHaveTextContent('–');
    expect(fact(strip, 'Open complaints')).toHaveTextContent('0All acknowledged');
    expect(fact(strip, 'On shift now')).toHaveTextContent('NobodyNo shift on the rota right now');
    expect(fact(strip, 'Rank in the chain')).toHaveTextContent('Not ranked yet4 of 10 ratings, last 30 days');
  });

  it('names a failed figure and tries again on request', async () => {
    const user = userEvent.setup();
    let failing = true;
    mockDashboard({
      'GET /api/v1/rota/on-shift': () =>
        failing ? jsonResponse(500, { message: 'Something went wrong' }) : onShift(['Ana']),
    });
    renderApp(paths.business.customersFeedback.path, { token: 't' });
    const strip = await screen.findByRole('region', { name: 'Today at a glance' });
    const alert = await within(strip).findByRole('alert');
    expect(alert).toHaveTextContent("Some of today's figures could not be loaded.");
    expect(within(strip).getByText('On shift now could not be loaded')).toBeInTheDocument();
    expect(fact(strip, 'Ratings today')).toHaveTextContent('7');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fact(strip, 'On shift now')).toHaveTextContent('1Ana'));
    expect(within(strip).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves the settings pages to their content', async () => {
    mockDashboard({});
    renderApp(paths.business.interfaceSettings.path, { token: 't' });
    await screen.findByRole('heading', { level: 1, name: 'Interface Settings' });
    expect(screen.queryByRole('region', { name: 'Today at a glance' })).not.toBeInTheDocument();
  });
});

describe('facts strip on a desktop', () => {
  it('is not rendered or fetched', async () => {
    const api = mockDashboard({});
    renderApp(paths.business.dashboard.path, { token: 't' });
    await screen.findByRole('heading', { level: 1, name: 'Snapshot' });
    await screen.findByTestId('kpi-ratings');
    expect(screen.queryByRole('region', { name: 'Today at a glance' })).not.toBeInTheDocument();
    expect(api.callsOf('GET /api/v1/analytics/store-rank')).toHaveLength(0);
  });
});
