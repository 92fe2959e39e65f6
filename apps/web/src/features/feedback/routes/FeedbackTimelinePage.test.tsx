// /customers-feedback (CX Feedback Timeline): ratings newest first, filters in the URL, "Load more" by cursor.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { covent, periodFixture, timelineItem } from '@/testing/analytics-fixtures';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

const base = {
  'GET /api/v1/store': () => jsonResponse(200, { stores: [storeFixture({ ...covent })] }),
  'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
  'GET /api/v1/ratings/flagged': () => jsonResponse(200, { ratings: [], total: 0, page: 1, pageSize: 50 }),
};

describe('/customers-feedback (CX Feedback Timeline)', () => {
  it('lists ratings with store-local time, marks outside-shift ones, and loads the next page by cursor', async () => {
    const first = [
      timelineItem({ comment: 'Great coffee', outsideShift: true, tags: ['Quick'] }),
      timelineItem({
        kind: 'experience',
        staff: null,
        score: 2,
        comment: '',
        tags: [],
        localTime: '2025-05-30 09:15',
      }),
    ];
    const second = [timelineItem({ comment: 'Older one', localTime: '2025-05-20 18:00' })];
    const api = mockFetch({
      ...base,
      'GET /api/v1/analytics/timeline': ({ url }) =>
        jsonResponse(200, {
          period: periodFixture(),
          items: url.searchParams.get('cursor') === 'c2' ? second : first,
          nextCursor: url.searchParams.get('cursor') === 'c2' ? null : 'c2',
        }),
    });
    renderApp(paths.business.customersFeedback.path, { token: 't' });
    const list = await screen.findByRole('list', { name: 'Feedback timeline' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('“Great coffee”')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Outside shift')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Quick')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('1 Jun 2025, 14:05 store time (Europe/London)');
    expect(within(items[1]!).getByText('Store experience · Covent Garden')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: '2 of 5 stars' })).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Outside shift')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 ratings')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByText('Showing 3 ratings (all of this period)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const sent = api.queriesOf('GET /api/v1/analytics/timeline');
    expect(sent.map((q) => q.get('cursor'))).toEqual([null, 'c2']);
    expect(sent[1]!.get('limit')).toBe('25');
    // The flagged-ratings review stays on this page.
    expect(screen.getByRole('heading', { name: 'Flagged for review' })).toBeInTheDocument();
  });

  it('keeps its own filters in the URL and sends them to the API', async () => {
    const api = mockFetch({
      ...base,
      'GET /api/v1/analytics/timeline': () =>
        jsonResponse(200, { period: periodFixture(), items: [timelineItem()], nextCursor: null }),
    });
    const { router } = renderApp(paths.business.customersFeedback.path, { token: 't' });
    await screen.findByRole('list', { name: 'Feedback timeline' });
    await userEvent.click(screen.getByRole('checkbox', { name: '1★' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '2★' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'With a comment' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Outside a shift' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Flagged ratings' }), 'include');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        scores: '1,2',
        hasComment: 'true',
        outsideShift: 'true',
        flagged: 'include',
      }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(api.queriesOf('GET /api/v1/analytics/timeline').at(-1)!)).toEqual({
        period: 'last30',
        scores: '1,2',
        hasComment: 'true',
        outsideShift: 'true',
        flagged: 'include',
        limit: '25',
      }),
    );
  });

  it('says when no rating matches', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/analytics/timeline': () =>
        jsonResponse(200, { period: periodFixture(), items: [], nextCursor: null }),
    });
    renderApp(`${paths.business.customersFeedback.path}?scores=1`, { token: 't' });
    expect(await screen.findByText('No ratings in this period')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '1★' })).toBeChecked();
  });
});
