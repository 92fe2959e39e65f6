// The scorecard page (figures, trend, badges, shout-outs, share links) and the public shared page without login.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TScorecard } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => toaster.remove());

const staffId = '64b7f0c2a1b2c3d4e5f6c001';
const period = {
  preset: 'last30' as const,
  from: '2026-10-28',
  to: '2026-11-26',
  days: 30,
  previousFrom: '2026-09-28',
  previousTo: '2026-10-27',
  timeZone: 'Europe/London',
};

function cardFixture(over: Partial<TScorecard> = {}): TScorecard {
  return {
    period,
    minSample: 10,
    figures: {
      rank: 2,
      ratings: 54,
      average: 4.61,
      adjustedAverage: 4.52,
      csat: 92.6,
      trend: { previousAverage: 4.4, change: 0.21 },
      distribution: [1, 1, 2, 10, 40],
      staff: { _id: staffId, name: 'Olivia Bennett', photo: null, active: true },
      stores: [{ _id: 's1', name: 'Covent Garden' }],
      shiftExperience: { ratings: 31, average: 4.4 },
    },
    trend: {
      granularity: 'day',
      series: [
        { bucket: '2026-11-25', count: 3, average: 4.67, distribution: [0, 0, 0, 1, 2] },
        { bucket: '2026-11-26', count: 0, average: null, distribution: [0, 0, 0, 0, 0] },
      ],
    },
    fiveStarTotal: 62,
    badges: [
      { id: 'five-star-50', label: '50 five-star ratings', description: '62 five-star ratings so far' },
    ],
    shoutOuts: [
      {
        _id: 'r1',
        comment: 'Olivia remembered my order!',
        score: 5,
        store: { _id: 's1', name: 'Covent Garden' },
        day: '2026-11-25',
      },
    ],
    ...over,
  };
}

const base = {
  'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
  'GET /api/v1/scorecards/64b7f0c2a1b2c3d4e5f6c001/shares': () => jsonResponse(200, { shares: [] }),
};

describe('/staff/:staffId/scorecard', () => {
  it('shows the figures, trend, badges and shout-outs for the URL period', async () => {
    const api = mockFetch({
      ...base,
      [`GET /api/v1/scorecards/${staffId}`]: () => jsonResponse(200, cardFixture()),
    });
    renderApp(`${paths.business.scorecard.getHref(staffId)}?period=last7`, { token: 't' });
    const card = await screen.findByRole('article', { name: 'Scorecard of Olivia Bennett' });
    const figures = within(card).getByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('54')).toBeInTheDocument();
    expect(within(figures).getByText('4.61')).toBeInTheDocument();
    expect(within(figures).getByText('#2')).toBeInTheDocument();
    expect(within(figures).getByText('31 ratings while on shift')).toBeInTheDocument();
    expect(
      within(card).getByRole('img', {
        name: /Average rating per day on a scale from 1 to 5 stars, 1 with ratings/,
      }),
    ).toBeInTheDocument();
    expect(within(card).getByText('50 five-star ratings')).toBeInTheDocument();
    expect(within(card).getByText('“Olivia remembered my order!”')).toBeInTheDocument();
    expect(api.queriesOf(`GET /api/v1/scorecards/${staffId}`)[0]?.get('period')).toBe('last7');
  });

  it('creates a share link, shows it once with Copy, and revokes a listed one after confirming', async () => {
    const user = userEvent.setup();
    const shares = [
      {
        _id: 'sh1',
        staff: staffId,
        period: { period: 'last30' },
        createdBy: { _id: 'u1', name: 'Ada Lovelace' },
        createdAt: '2026-11-20T10:00:00.000Z',
        lastSeenAt: null,
        revokedAt: null,
      },
    ];
    const api = mockFetch({
      ...base,
      [`GET /api/v1/scorecards/${staffId}`]: () => jsonResponse(200, cardFixture()),
      [`GET /api/v1/scorecards/${staffId}/shares`]: () => jsonResponse(200, { shares }),
      [`POST /api/v1/scorecards/${staffId}/share`]: () =>
        jsonResponse(201, { _id: 'sh2', url: 'http://localhost:5173/scorecard/abcdefghijklmnopqrstuvwxyz' }),
      'DELETE /api/v1/scorecards/shares/sh1': () => jsonResponse(200, { message: 'Share link revoked' }),
    });
    renderApp(paths.business.scorecard.getHref(staffId), { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Share link' }));
    expect(await screen.findByTestId('share-url')).toHaveTextContent('/scorecard/abcdefghijklmnopqrstuvwxyz');
    expect(api.bodiesOf(`POST /api/v1/scorecards/${staffId}/share`)).toEqual([{ period: 'last30' }]);
    const list = screen.getByRole('list', { name: 'Existing share links' });
    await user.click(within(list).getByRole('button', { name: 'Revoke' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(api.callsOf('DELETE /api/v1/scorecards/shares/sh1')).toHaveLength(1));
  });

  it('says what failed with a retry when the scorecard cannot load', async () => {
    mockFetch({
      ...base,
      [`GET /api/v1/scorecards/${staffId}`]: () => jsonResponse(404, { message: 'Staff member not found' }),
    });
    renderApp(paths.business.scorecard.getHref(staffId), { token: 't' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the scorecard');
    expect(alert).toHaveTextContent('Staff member not found');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/scorecard/:token (shared)', () => {
  it('shows the card read-only without signing in', async () => {
    mockFetch({
      'GET /api/v1/scorecards/public/tok_abcdefghijklmnopqrstu': () =>
        jsonResponse(200, cardFixture({ badges: [], shoutOuts: [] })),
    });
    renderApp(paths.publicScorecard.getHref('tok_abcdefghijklmnopqrstu'));
    const card = await screen.findByRole('article', { name: 'Scorecard of Olivia Bennett' });
    expect(within(card).getByText('No badges yet', { exact: false })).toBeInTheDocument();
    expect(within(card).getByText('No shout-outs in this period yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('shows progress against the person’s previous period, never their place in the league', async () => {
    const last = cardFixture({ badges: [], shoutOuts: [] });
    last.figures = { ...last.figures, rank: 15, trend: { previousAverage: 3.9, change: 0.25 } };
    mockFetch({
      'GET /api/v1/scorecards/public/tok_abcdefghijklmnopqrstu': () => jsonResponse(200, last),
    });
    renderApp(paths.publicScorecard.getHref('tok_abcdefghijklmnopqrstu'));
    const figures = await screen.findByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('Up 0.25★')).toBeInTheDocument();
    expect(within(figures).getByText('vs 3.90★ last period')).toBeInTheDocument();
    expect(within(figures).queryByText('#15')).not.toBeInTheDocument();
    expect(within(figures).queryByText('Rank')).not.toBeInTheDocument();
    // The trend's bars stand on a stated 1★ baseline with a labelled axis.
    expect(screen.getByTestId('trend-axis')).toHaveTextContent('5★4★3★2★1★');
    expect(screen.getByText(/bars start at 1★, the lowest rating/)).toBeInTheDocument();
    // Derived figures explain themselves from a button a keyboard reaches.
    const help = within(figures).getByRole('button', { name: 'What is CSAT?' });
    expect(help).toHaveAccessibleDescription(
      'Customer satisfaction: the share of ratings with 4 or 5 stars.',
    );
    await userEvent.click(help);
    expect(await screen.findByTestId('figure-help')).toHaveTextContent(
      'the share of ratings with 4 or 5 stars',
    );
  });

  it('says the link is no longer shared once revoked', async () => {
    mockFetch({
      'GET /api/v1/scorecards/public/tok_abcdefghijklmnopqrstu': () =>
        jsonResponse(404, { message: 'Scorecard not found' }),
    });
    renderApp(paths.publicScorecard.getHref('tok_abcdefghijklmnopqrstu'));
    expect(await screen.findByText('This scorecard is no longer shared')).toBeInTheDocument();
  });
});
