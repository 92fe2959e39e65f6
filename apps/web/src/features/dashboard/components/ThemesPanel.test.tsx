// "What customers talk about" on /dashboard and /overview: top themes with their trend and examples, each store's own
// themes, the filters sent along, a link to the filtered timeline, and its loading, empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { THEMES_REFRESH_MS } from '../api/analytics';
import {
  covent,
  overviewFixture,
  snapshotFixture,
  soho,
  themeRow,
  themesReportFixture,
} from '@/testing/analytics-fixtures';
import { deferred, mockFetch } from '@/testing/mock-api';
import { apiUser, jsonResponse, renderApp, testUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const example = (comment: string, score: number, store = covent) => ({
  _id: `64b7f0c2a1b2c3d4e5f6d${String(comment.length).padStart(3, '0')}`,
  comment,
  score,
  store: { _id: store._id, name: store.name },
  createdAt: '2025-06-01T13:05:00.000Z',
  sentiment: { label: score >= 4 ? ('positive' as const) : ('negative' as const), score: 0.5 },
});

const report = themesReportFixture({
  themes: [
    themeRow('queue', {
      count: 12,
      previousCount: 8,
      examples: [example('Waited 20 minutes in the queue', 1), example('Long queue at lunch', 2, soho)],
    }),
    themeRow('Friendly', {
      count: 5,
      previousCount: 9,
      sentiment: { positive: 5, neutral: 0, negative: 0 },
    }),
    themeRow('music', { count: 3, previousCount: 3 }),
    themeRow('cold coffee', { count: 2, previousCount: 0 }),
  ],
  stores: [
    {
      store: { _id: covent._id, name: covent.name },
      themes: [{ ...themeRow('queue', { count: 9, previousCount: 4 }) }],
    },
    {
      store: { _id: soho._id, name: soho.name },
      themes: [{ ...themeRow('Friendly', { count: 4, previousCount: 4 }) }],
    },
  ],
});

const base = {
  'GET /api/v1/store': () =>
    jsonResponse(200, { stores: [storeFixture({ ...covent }), storeFixture({ ...soho })] }),
  'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
  'GET /api/v1/analytics/snapshot': () => jsonResponse(200, snapshotFixture()),
  'GET /api/v1/analytics/overview': () => jsonResponse(200, overviewFixture()),
};

const panel = () => screen.findByRole('region', { name: 'What customers talk about' });

describe('What customers talk about (Snapshot and Overview)', () => {
  it('lists the top themes with count, trend against the previous period, sentiment and two examples', async () => {
    mockFetch({ ...base, 'GET /api/v1/analytics/themes': () => jsonResponse(200, report) });
    renderApp(paths.business.dashboard.path, { token: 't' });
    const region = await panel();
    const top = await within(region).findByRole('list', { name: 'Top themes' });
    const rows = within(top).getAllByRole('listitem', { name: /./ });
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'queue',
      'Friendly',
      'music',
      'cold coffee',
    ]);
    const queue = rows[0]!;
    expect(queue).toHaveTextContent('12 mentions · ▲ up 4 (was 8) against the previous period');
    expect(queue).toHaveTextContent('2 positive · 1 neutral · 9 negative');
    const examples = within(queue).getByRole('list', { name: 'Example comments' });
    expect(
      within(examples)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('“Waited 20 minutes in the queue”'),
      expect.stringContaining('“Long queue at lunch”'),
    ]);
    expect(within(examples).getByRole('img', { name: '1 of 5 stars' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('5 mentions · ▼ down 4 (was 9)');
    expect(rows[2]).toHaveTextContent('3 mentions · = same (was 3)');
    expect(rows[3]).toHaveTextContent('2 mentions · ▲ new this period');
    // Each store's own top themes.
    const covents = within(region).getByRole('list', { name: 'Top themes at Covent Garden' });
    expect(covents).toHaveTextContent('queue · 9 ▲ up 5 (was 4)');
    expect(within(region).getByRole('list', { name: 'Top themes at Soho' })).toHaveTextContent(
      'Friendly · 4 = same (was 4)',
    );
    // The theme opens the timeline filtered by it, keeping the period.
    expect(within(queue).getByRole('link', { name: 'queue' })).toHaveAttribute(
      'href',
      '/customers-feedback?theme=queue',
    );
    expect(within(region).getByRole('link', { name: 'Rename, merge or hide themes' })).toHaveAttribute(
      'href',
      paths.business.commentThemes.path,
    );
  });

  it('asks for the themes of the chosen period and store, and follows a change of filter', async () => {
    const api = mockFetch({ ...base, 'GET /api/v1/analytics/themes': () => jsonResponse(200, report) });
    renderApp(`${paths.business.overview.path}?period=last7`, { token: 't' });
    await within(await panel()).findByRole('list', { name: 'Top themes' });
    expect(Object.fromEntries(api.queriesOf('GET /api/v1/analytics/themes')[0]!)).toEqual({
      period: 'last7',
      limit: '6',
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), soho._id);
    await waitFor(() =>
      expect(Object.fromEntries(api.queriesOf('GET /api/v1/analytics/themes').at(-1)!)).toEqual({
        period: 'last7',
        stores: soho._id,
        limit: '6',
      }),
    );
  });

  it('shows skeletons while loading, then says when the period has no themes', async () => {
    const held = deferred<Response>();
    mockFetch({ ...base, 'GET /api/v1/analytics/themes': () => held.promise });
    renderApp(paths.business.dashboard.path, { token: 't' });
    const region = await panel();
    expect(within(region).getByRole('status', { name: 'Loading comment themes' })).toBeInTheDocument();
    held.resolve(jsonResponse(200, themesReportFixture()));
    expect(await within(region).findByText(/No themes in this period’s comments yet/)).toBeInTheDocument();
  });

  it('shows a theme discovered while the Snapshot is open, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockFetch({
        ...base,
        // a new account: nothing yet, then the job has found its customers' third comment about the music
        'GET /api/v1/analytics/themes': ({ calls }) =>
          jsonResponse(
            200,
            calls === 1
              ? themesReportFixture()
              : themesReportFixture({ themes: [themeRow('music', { count: 3, previousCount: 0 })] }),
          ),
      });
      renderApp(paths.business.dashboard.path, { token: 't' });
      const region = await panel();
      expect(await within(region).findByText(/No themes in this period’s comments yet/)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(THEMES_REFRESH_MS);
      const top = await within(region).findByRole('list', { name: 'Top themes' });
      expect(within(top).getByRole('listitem', { name: 'music' })).toHaveTextContent('3 mentions');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the error with a retry that recovers', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/analytics/themes': ({ calls }) =>
        // The first answer and its one automatic retry fail.
        calls <= 2 ? jsonResponse(500, { message: 'Themes are unavailable' }) : jsonResponse(200, report),
    });
    renderApp(paths.business.overview.path, { token: 't' });
    const alert = await within(await panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load comment themes');
    expect(alert).toHaveTextContent('Themes are unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(await panel()).findByRole('list', { name: 'Top themes' })).toBeInTheDocument();
  });

  it('offers the themes page to owners and admins only', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/user/me': () => jsonResponse(200, { user: { ...apiUser, role: 'manager' } }),
      'GET /api/v1/analytics/themes': () => jsonResponse(200, report),
    });
    renderApp(paths.business.dashboard.path, { token: 't', user: { ...testUser, role: 'manager' } });
    const region = await panel();
    await within(region).findByRole('list', { name: 'Top themes' });
    expect(within(region).queryByRole('link', { name: 'Rename, merge or hide themes' })).toBeNull();
  });
});
