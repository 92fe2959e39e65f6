// RAG chips on the Store League Table and the Snapshot: the state in words, the figure against the target, vs area/peers.
import { screen, within } from '@testing-library/react';
import type { TNodePerformance, TTargetPerformance } from '@cx/contracts';
import { paths } from '@/config/paths';
import {
  covent,
  snapshotFixture,
  soho,
  storeLeagueFixture,
  storeRow,
  themesReportFixture,
} from '@/testing/analytics-fixtures';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

const perf = (overrides: Partial<TTargetPerformance>): TTargetPerformance => ({
  metric: 'average',
  actual: 4.25,
  target: 4.3,
  from: { _id: '64b7f0c2a1b2c3d4e5f6a003', kind: 'area', name: 'London' },
  variance: -0.05,
  state: 'amber',
  vsParent: 0.75,
  vsPeers: 2.25,
  ...overrides,
});
const none = (metric: TTargetPerformance['metric']) =>
  perf({
    metric,
    actual: 10,
    target: null,
    from: null,
    variance: null,
    state: null,
    vsParent: null,
    vsPeers: null,
  });
const metrics = [
  perf({}),
  perf({ metric: 'happy', actual: 70, target: 80, variance: -10, state: 'red' }),
  none('volume'),
  none('staffRatings'),
];

const base = {
  'GET /api/v1/store': () =>
    jsonResponse(200, { stores: [storeFixture({ ...covent }), storeFixture({ ...soho })] }),
  'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
  'GET /api/v1/analytics/settings': () => jsonResponse(200, { minSample: 10 }),
  'GET /api/v1/analytics/themes': () => jsonResponse(200, themesReportFixture()),
};

describe('RAG chips', () => {
  it('shows each store’s targets with their state and its average against its area and peers', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/analytics/store-league': () =>
        jsonResponse(200, storeLeagueFixture({ ranked: [storeRow(covent, 1, { targets: metrics })] })),
    });
    renderApp(paths.business.storePerformance.path, { token: 't' });
    const table = await screen.findByRole('table', { name: 'Store league table' });
    const [row] = within(table).getAllByTestId('store-row');
    const cells = within(row!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // One Targets column: the chips, and under them the average against its area and its peers.
    expect(cells.at(-1)).toBe('Avg 4.25 vs 4.30Happy 70.0% vs 80.0%Avg vs area +0.75vs peers +2.25');
    const amber = within(row!).getByLabelText(
      'Average score: Near target, 4.25 vs 4.30 (target from London)',
    );
    expect(amber).toHaveAttribute('data-state', 'amber');
    expect(within(row!).getByLabelText(/% happy: Below target/)).toHaveAttribute('data-state', 'red');
  });

  it('shows the Snapshot’s node against its targets, and each ranked store’s average chip', async () => {
    const node: TNodePerformance = {
      node: { _id: '64b7f0c2a1b2c3d4e5f6a003', kind: 'area', name: 'London' },
      metrics: [
        perf({ actual: 4.5, target: 4.3, variance: 0.2, state: 'green', vsParent: null, vsPeers: -0.1 }),
        none('happy'),
        none('volume'),
        none('staffRatings'),
      ],
    };
    const snap = snapshotFixture();
    mockFetch({
      ...base,
      'GET /api/v1/analytics/snapshot': () =>
        jsonResponse(200, {
          ...snap,
          targets: node,
          stores: snap.stores.map((s, i) => ({ ...s, targets: i === 0 ? metrics : undefined })),
        }),
    });
    renderApp(paths.business.dashboard.path, { token: 't' });
    const panel = await screen.findByRole('region', { name: 'Targets · London' });
    expect(within(panel).getByLabelText(/Average score: On target, 4\.50 vs 4\.30/)).toHaveAttribute(
      'data-state',
      'green',
    );
    expect(within(panel).getByText(/vs area – · vs peers −0\.10/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Targets' })).toHaveAttribute(
      'href',
      paths.business.targets.path,
    );
    const ranked = screen.getByRole('region', { name: 'Stores ranked' });
    expect(within(ranked).getByLabelText(/Average score: Near target/)).toBeInTheDocument();
  });
});
