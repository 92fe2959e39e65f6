// "Complaints about you" on a shared scorecard: the complaints naming the person, adding their side and a dispute.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TScorecard, TStaffCase } from '@cx/contracts';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

const token = 'tok_abcdefghijklmnopqrstu';
const card: TScorecard = {
  period: {
    preset: 'last30',
    from: '2026-10-28',
    to: '2026-11-26',
    days: 30,
    previousFrom: '2026-09-28',
    previousTo: '2026-10-27',
    timeZone: 'Europe/London',
  },
  minSample: 10,
  figures: {
    rank: null,
    ratings: 3,
    average: 3,
    adjustedAverage: null,
    csat: 33,
    trend: { previousAverage: null, change: null },
    distribution: [1, 0, 1, 0, 1],
    staff: { _id: '64b7f0c2a1b2c3d4e5f6c001', name: 'Olivia Bennett', photo: null, active: true },
    stores: [{ _id: 's1', name: 'Covent Garden' }],
    shiftExperience: { ratings: 0, average: null },
  },
  trend: { granularity: 'day', series: [] },
  fiveStarTotal: 1,
  badges: [],
  shoutOuts: [],
};

const complaint = (over: Partial<TStaffCase> = {}): TStaffCase => ({
  _id: '64b7f0c2a1b2c3d4e5f6ca01',
  number: 12,
  storeName: 'Covent Garden',
  score: 1,
  comment: 'Rude at the till, call me on [phone]',
  tags: ['Unfriendly'],
  ratedAt: '2026-11-25T10:00:00.000Z',
  side: null,
  dispute: 'none',
  ...over,
});

const casesPath = `/api/v1/scorecards/public/${token}/cases`;
const sidePath = `${casesPath}/64b7f0c2a1b2c3d4e5f6ca01/side`;

describe('/scorecard/:token complaints about you', () => {
  it('lists the complaint and sends their side with a dispute, then shows it', async () => {
    let added = false;
    const api = mockFetch({
      [`GET /api/v1/scorecards/public/${token}`]: () => jsonResponse(200, card),
      [`GET ${casesPath}`]: () =>
        jsonResponse(200, {
          items: [added ? complaint({ side: 'I was alone on the till', dispute: 'open' }) : complaint()],
        }),
      [`POST ${sidePath}`]: () => {
        added = true;
        return jsonResponse(201, complaint({ side: 'I was alone on the till', dispute: 'open' }));
      },
    });
    renderApp(paths.publicScorecard.getHref(token));
    const section = await screen.findByRole('region', { name: 'Complaints about you' });
    expect(await within(section).findByText('“Rude at the till, call me on [phone]”')).toBeInTheDocument();
    expect(within(section).getByText('1★ at Covent Garden')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Add my side' }));
    expect(await within(section).findByText('Write your side')).toBeInTheDocument();

    await user.type(
      within(section).getByRole('textbox', { name: 'Your side of complaint #12' }),
      'I was alone on the till',
    );
    await user.click(
      within(section).getByRole('checkbox', { name: 'Ask my manager to rule this rating unfair' }),
    );
    await user.click(within(section).getByRole('button', { name: 'Add my side' }));
    expect(await within(section).findByText('Your side: I was alone on the till')).toBeInTheDocument();
    expect(within(section).getByText('Dispute sent to your manager')).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${sidePath}`)).toEqual([{ text: 'I was alone on the till', dispute: true }]);
  });

  it('says so when no complaint names them', async () => {
    mockFetch({
      [`GET /api/v1/scorecards/public/${token}`]: () => jsonResponse(200, card),
      [`GET ${casesPath}`]: () => jsonResponse(200, { items: [] }),
    });
    renderApp(paths.publicScorecard.getHref(token));
    expect(await screen.findByText('No complaints about you')).toBeInTheDocument();
  });
});
