// "Open case" on a timeline rating (#37): a manager opens a case and lands on it; a rating that already has one (409)
// lands on that case; a viewer is not offered the action.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { periodFixture, timelineItem } from '@/testing/analytics-fixtures';
import { baseRoutes, caseDetail, signedInAs } from '@/testing/case-fixtures';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const rating = timelineItem({ score: 1, comment: 'Order wrong' });
const routes = {
  'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
  'GET /api/v1/themes': () => jsonResponse(200, { themes: [] }),
  'GET /api/v1/ratings/flagged': () => jsonResponse(200, { ratings: [], total: 0, page: 1, pageSize: 50 }),
  'GET /api/v1/analytics/timeline': () =>
    jsonResponse(200, { period: periodFixture(), items: [rating], nextCursor: null }),
  'GET /api/v1/cases': () => jsonResponse(200, { items: [], nextCursor: null }),
};

describe('/customers-feedback: Open case', () => {
  it.each([
    [201, 'opens a case and goes to it'],
    [409, 'goes to the case the rating already has'],
  ])('%s: %s', async (status) => {
    const opened = caseDetail(12);
    const api = mockFetch({
      ...baseRoutes('manager'),
      ...routes,
      'POST /api/v1/cases': () => jsonResponse(status, opened),
      [`GET /api/v1/cases/${opened._id}`]: () => jsonResponse(200, opened),
    });
    const { router } = renderApp('/customers-feedback', signedInAs('manager'));
    await userEvent.click(await screen.findByRole('button', { name: 'Open case' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cases/${opened._id}`));
    expect(api.bodiesOf('POST /api/v1/cases')).toEqual([{ rating: rating._id }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Case #12' })).toBeVisible();
  });

  it('is not offered to a viewer', async () => {
    mockFetch({ ...baseRoutes('viewer'), ...routes });
    renderApp('/customers-feedback', signedInAs('viewer'));
    expect(await screen.findByText('“Order wrong”')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open case' })).toBeNull();
  });
});
