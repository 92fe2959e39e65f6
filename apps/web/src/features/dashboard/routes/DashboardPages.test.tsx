// /dashboard (Snapshot) and /overview against mocked analytics answers: figures, filters in the URL, all page states.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import {
  covent,
  overviewFixture,
  periodFixture,
  snapshotFixture,
  soho,
  themesReportFixture,
} from '@/testing/analytics-fixtures';
import { metricsFixture } from '@/testing/case-fixtures';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

const storesRoute = () =>
  jsonResponse(200, { stores: [storeFixture({ ...covent }), storeFixture({ ...soho })] });
const staffRoute = () => jsonResponse(200, { staff: [] });
const themesRoute = () => jsonResponse(200, themesReportFixture());

describe('/dashboard (Snapshot)', () => {
  it('shows each figure with its unit, the previous period and the change, then the people, stores and comments', async () => {
    mockFetch({
      'GET /api/v1/store': storesRoute,
      'GET /api/v1/staff': staffRoute,
      'GET /api/v1/analytics/themes': themesRoute,
      'GET /api/v1/analytics/snapshot': () => jsonResponse(200, snapshotFixture()),
    });
    renderApp(paths.business.dashboard.path, { token: 't' });
    const ratings = await screen.findByRole('article', { name: 'Ratings' });
    expect(within(ratings).getByTestId('kpi-ratings')).toHaveTextContent('120 ratings');
    expect(within(ratings).getByText('up 20 on the previous period')).toBeInTheDocument();
    expect(within(ratings).getByText('Previous period: 100')).toBeInTheDocument();
    const average = screen.getByRole('article', { name: 'Average rating' });
    expect(within(average).getByTestId('kpi-average')).toHaveTextContent('4.52 out of 5');
    const csat = screen.getByRole('article', { name: 'CSAT' });
    expect(within(csat).getByTestId('kpi-csat')).toHaveTextContent('88.3% of ratings 4–5★');
    expect(within(csat).getByText('down 1.7 pts on the previous period')).toBeInTheDocument();
    expect(screen.getByTestId('kpi-visits')).toHaveTextContent('600 QR visits');
    expect(screen.getByTestId('kpi-ratingRate')).toHaveTextContent('20.0% of visits');
    const social = screen.getByRole('article', { name: 'Social clicks' });
    expect(within(social).getByText('no previous figure to compare')).toBeInTheDocument();
    expect(screen.getByTestId('period-note')).toHaveTextContent(
      'Last 30 days: 3 May 2025 – 1 Jun 2025 (compared with 3 Apr 2025 – 2 May 2025)',
    );

    const best = screen.getByRole('region', { name: 'Best staff member' });
    expect(within(best).getByText('Olivia Bennett')).toBeInTheDocument();
    expect(
      within(best).getByText(/4\.71 out of 5 adjusted \(4\.80 raw\) from 40 ratings/),
    ).toBeInTheDocument();
    const improved = screen.getByRole('region', { name: 'Most improved' });
    expect(within(improved).getByText('Mia Chen')).toBeInTheDocument();
    expect(within(improved).getByText('up 0.60 on the previous period')).toBeInTheDocument();
    const stores = within(screen.getByRole('region', { name: 'Stores ranked' })).getAllByRole('listitem');
    expect(stores.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^1 Covent Garden4\.58 adjusted · 4\.60 raw · 80 ratings$/),
      expect.stringMatching(/^2 Soho4\.38 adjusted/),
    ]);
    const comments = screen.getByRole('region', { name: 'Latest comments' });
    expect(within(comments).getByText('“Olivia made our day”')).toBeInTheDocument();
    expect(within(comments).getByText('1 Jun 2025, 14:05')).toBeInTheDocument();
  });

  it('keeps the period in the URL: choosing one refetches and redraws, and Back restores the last view', async () => {
    const api = mockFetch({
      'GET /api/v1/store': storesRoute,
      'GET /api/v1/staff': staffRoute,
      'GET /api/v1/analytics/themes': themesRoute,
      'GET /api/v1/analytics/snapshot': ({ url }) =>
        jsonResponse(
          200,
          url.searchParams.get('period') === 'last7'
            ? snapshotFixture({
                period: periodFixture({ preset: 'last7', from: '2025-05-26', to: '2025-06-01' }),
                ratings: { value: 30, previous: 25, change: 5 },
              })
            : snapshotFixture(),
        ),
    });
    const { router } = renderApp(paths.business.dashboard.path, { token: 't' });
    await screen.findByRole('article', { name: 'Ratings' });
    expect(api.queriesOf('GET /api/v1/analytics/snapshot')[0]!.get('period')).toBe('last30');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'last7');
    await waitFor(() => expect(router.state.location.search).toBe('?period=last7'));
    await waitFor(() => expect(screen.getByTestId('kpi-ratings')).toHaveTextContent('30 ratings'));
    expect(screen.getByTestId('period-note')).toHaveTextContent('Last 7 days: 26 May 2025 – 1 Jun 2025');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), soho._id);
    await waitFor(() => expect(router.state.location.search).toBe(`?period=last7&stores=${soho._id}`));
    await waitFor(() =>
      expect(api.queriesOf('GET /api/v1/analytics/snapshot').at(-1)!.get('stores')).toBe(soho._id),
    );

    await act(() => router.navigate(-2));
    await waitFor(() => expect(screen.getByTestId('kpi-ratings')).toHaveTextContent('120 ratings'));
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('last30');
  });

  it('asks for both days of a custom period before fetching, then sends them', async () => {
    const api = mockFetch({
      'GET /api/v1/store': storesRoute,
      'GET /api/v1/staff': staffRoute,
      'GET /api/v1/analytics/themes': themesRoute,
      'GET /api/v1/analytics/snapshot': () => jsonResponse(200, snapshotFixture()),
    });
    const { router } = renderApp(`${paths.business.dashboard.path}?period=custom`, { token: 't' });
    expect(await screen.findByText('Choose the first day of the period')).toBeInTheDocument();
    expect(screen.getByText(/Choose the first and last day of your custom period/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-04-01' } });
    expect(await screen.findByText('The last day must not be before the first')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-05-31' } });
    await screen.findByRole('article', { name: 'Ratings' });
    expect(router.state.location.search).toBe('?period=custom&from=2025-05-01&to=2025-05-31');
    const sent = api.queriesOf('GET /api/v1/analytics/snapshot');
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0]!)).toEqual({ period: 'custom', from: '2025-05-01', to: '2025-05-31' });
  });

  it('shows skeletons while loading, the error with a retry, and recovers', async () => {
    const first = deferred<Response>();
    mockFetch({
      // the complaint-handling card (#37) answers, so the one alert is the snapshot's
      'GET /api/v1/analytics/cases': () => jsonResponse(200, metricsFixture()),
      'GET /api/v1/store': storesRoute,
      'GET /api/v1/staff': staffRoute,
      'GET /api/v1/analytics/themes': themesRoute,
      'GET /api/v1/analytics/snapshot': ({ calls }) =>
        calls === 1
          ? first.promise
          : calls === 2
            ? jsonResponse(500, { message: 'Figures are unavailable' })
            : jsonResponse(200, snapshotFixture()),
    });
    renderApp(paths.business.dashboard.path, { token: 't' });
    expect(await screen.findByRole('status', { name: 'Loading the snapshot' })).toBeInTheDocument();
    first.resolve(jsonResponse(500, { message: 'Figures are unavailable' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the snapshot');
    expect(alert).toHaveTextContent('Figures are unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Ratings' })).toBeInTheDocument();
  });

  it('says there are no ratings in the period and points to the QR codes', async () => {
    mockFetch({
      'GET /api/v1/store': storesRoute,
      'GET /api/v1/staff': staffRoute,
      'GET /api/v1/analytics/themes': themesRoute,
      'GET /api/v1/analytics/snapshot': () =>
        jsonResponse(
          200,
          snapshotFixture({
            ratings: { value: 0, previous: 0, change: 0 },
            bestStaff: null,
            mostImproved: null,
            latestComments: [],
          }),
        ),
    });
    renderApp(paths.business.dashboard.path, { token: 't' });
    expect(await screen.findByText('No ratings in this period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get your QR codes' })).toHaveAttribute(
      'href',
      paths.business.manageStores.path,
    );
    expect(screen.queryByRole('region', { name: 'Best staff member' })).not.toBeInTheDocument();
  });
});

describe('/overview', () => {
  it('shows the series as a table on request, the staff/experience split and the heatmap; grouping goes in the URL', async () => {
    const api = mockFetch({
      'GET /api/v1/store': storesRoute,
      'GET /api/v1/staff': staffRoute,
      'GET /api/v1/analytics/themes': themesRoute,
      'GET /api/v1/analytics/overview': () => jsonResponse(200, overviewFixture()),
    });
    const { router } = renderApp(paths.business.overview.path, { token: 't' });
    const series = await screen.findByRole('region', { name: 'Ratings over time' });
    await userEvent.click(within(series).getByRole('button', { name: 'Show as table' }));
    const rows = within(within(series).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'PeriodRatingsAverage (out of 5)1★2★3★4★5★',
      'Week of 28 Apr 2025104.2001135',
      'Week of 5 May 20250–00000',
      'Week of 12 May 202543.5010102',
    ]);
    expect(within(series).getByRole('button', { name: 'Show as chart' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    expect(screen.getByTestId('split-staff-count')).toHaveTextContent('9 ratings');
    expect(screen.getByTestId('split-staff-average')).toHaveTextContent('Average 4.11 out of 5');
    expect(screen.getByTestId('split-experience-count')).toHaveTextContent('5 ratings');

    const heatmap = screen.getByRole('region', { name: 'When customers rate you' });
    expect(
      within(heatmap).getByText(/ratings on Monday at 09:00, average 4\.43 out of 5/),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'month');
    await waitFor(() => expect(router.state.location.search).toBe('?granularity=month'));
    await waitFor(() =>
      expect(api.queriesOf('GET /api/v1/analytics/overview').at(-1)!.get('granularity')).toBe('month'),
    );
  });

  it('says there are no ratings in the period', async () => {
    mockFetch({
      'GET /api/v1/store': storesRoute,
      'GET /api/v1/staff': staffRoute,
      'GET /api/v1/analytics/themes': themesRoute,
      'GET /api/v1/analytics/overview': () =>
        jsonResponse(
          200,
          overviewFixture({
            series: [],
            heatmap: [],
            split: { staff: { count: 0, average: null }, experience: { count: 0, average: null } },
          }),
        ),
    });
    renderApp(paths.business.overview.path, { token: 't' });
    expect(await screen.findByText('No ratings in this period')).toBeInTheDocument();
  });
});
