// The Snapshot's "Complaint handling" card (#37): the medians, % within SLA, recovery rate and top root cause for the
// page's period and stores, each figure with its explanation.
import { screen, waitFor, within } from '@testing-library/react';
import { snapshotFixture, themesReportFixture } from '@/testing/analytics-fixtures';
import { baseRoutes, metricsFixture, signedInAs, soho } from '@/testing/case-fixtures';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('/dashboard: Complaint handling', () => {
  it('shows the period’s complaint figures for the chosen store', async () => {
    const api = mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
      'GET /api/v1/analytics/snapshot': () => jsonResponse(200, snapshotFixture()),
      'GET /api/v1/analytics/themes': () => jsonResponse(200, themesReportFixture()),
      'GET /api/v1/cases': () => jsonResponse(200, { items: [], nextCursor: null }),
      'GET /api/v1/analytics/cases': () => jsonResponse(200, metricsFixture()),
    });
    renderApp(`/dashboard?period=last7&stores=${soho._id}`, signedInAs('owner'));
    const card = await screen.findByRole('region', { name: 'Complaint handling' });
    await waitFor(() => expect(within(card).getByTestId('cases-first-response')).toHaveTextContent('42 min'));
    expect(within(card).getByTestId('cases-resolution')).toHaveTextContent('3 h 20 min');
    expect(within(card).getByTestId('cases-within-sla')).toHaveTextContent('50%');
    expect(within(card).getByTestId('cases-recovery')).toHaveTextContent('100%');
    expect(within(card).getByTestId('cases-top-root-cause')).toHaveTextContent('Order wrong (2)');
    for (const name of [
      'Median first response',
      'Median resolution',
      '% within SLA',
      'Recovery rate',
      'Top root cause',
    ])
      expect(within(card).getByRole('button', { name: `What is ${name}?` })).toBeVisible();
    const sent = Object.fromEntries(api.queriesOf('GET /api/v1/analytics/cases').at(-1)!);
    expect(sent).toEqual({ period: 'last7', stores: soho._id });
  });
});
