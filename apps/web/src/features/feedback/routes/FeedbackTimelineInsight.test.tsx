// The CX Feedback Timeline's comment insight: sentiment and theme chips on commented ratings, a chip filters by its
// theme, sentiment and theme filters in the bar, and the owner hiding a shout-out.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { covent, periodFixture, themeEntry, timelineItem } from '@/testing/analytics-fixtures';
import { mockFetch } from '@/testing/mock-api';
import { apiUser, jsonResponse, renderApp, testUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => act(() => toaster.remove()));

const complaint = timelineItem({
  score: 1,
  comment: 'Waited ages in the queue and the coffee was cold',
  tags: [],
  sentiment: { label: 'negative', score: -0.71 },
  themes: ['queue', 'cold coffee'],
});
const praise = timelineItem({
  comment: 'Olivia was so friendly',
  sentiment: { label: 'positive', score: 0.8 },
  themes: ['Friendly'],
  shoutOut: { staff: '64b7f0c2a1b2c3d4e5f6b001', staffName: 'Olivia Bennett', hidden: false },
});
const silent = timelineItem({ comment: '', tags: [], sentiment: null, language: null, themes: [] });

const base = {
  'GET /api/v1/store': () => jsonResponse(200, { stores: [storeFixture({ ...covent })] }),
  'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
  'GET /api/v1/ratings/flagged': () => jsonResponse(200, { ratings: [], total: 0, page: 1, pageSize: 50 }),
  'GET /api/v1/themes': () =>
    jsonResponse(200, {
      themes: [
        themeEntry('Friendly', { source: 'tag', count: 3 }),
        themeEntry('queue', { count: 9 }),
        themeEntry('wait', { mergedInto: 'queue', count: 2 }),
        themeEntry('weather', { hidden: true }),
      ],
    }),
};
const timeline = (items = [complaint, praise, silent]) => ({
  'GET /api/v1/analytics/timeline': () =>
    jsonResponse(200, { period: periodFixture(), items, nextCursor: null }),
});
const items = async () =>
  within(await screen.findByRole('list', { name: 'Feedback timeline' })).getAllByRole('listitem', {
    name: /stars$/,
  });

describe('/customers-feedback: comment insight', () => {
  it('shows the sentiment and theme chips of commented ratings, and the shout-out', async () => {
    mockFetch({ ...base, ...timeline() });
    renderApp(paths.business.customersFeedback.path, { token: 't' });
    const [first, second, third] = await items();
    expect(within(first!).getByText('Negative')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Theme queue: show comments about it' })).toBeVisible();
    expect(within(first!).getByRole('button', { name: /Theme cold coffee/ })).toBeVisible();
    expect(within(second!).getByText('Positive')).toBeInTheDocument();
    expect(within(second!).getByText('Shout-out for Olivia Bennett')).toBeInTheDocument();
    // A rating without a comment has no insight chips.
    expect(within(third!).queryByText(/Positive|Neutral|Negative/)).toBeNull();
    expect(within(third!).queryByRole('button', { name: /^Theme / })).toBeNull();
  });

  it('filters by a theme from its chip (pressing it again clears it) and by sentiment from the bar', async () => {
    const api = mockFetch({ ...base, ...timeline() });
    const { router } = renderApp(paths.business.customersFeedback.path, { token: 't' });
    const [first] = await items();
    await userEvent.click(within(first!).getByRole('button', { name: /Theme queue/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?theme=queue'));
    await waitFor(() =>
      expect(api.queriesOf('GET /api/v1/analytics/timeline').at(-1)!.get('theme')).toBe('queue'),
    );
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('queue');
    const [again] = await items();
    expect(within(again!).getByRole('button', { name: /Theme queue/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sentiment' }), 'negative');
    await waitFor(() =>
      expect(Object.fromEntries(api.queriesOf('GET /api/v1/analytics/timeline').at(-1)!)).toEqual({
        period: 'last30',
        theme: 'queue',
        sentiment: 'negative',
        limit: '25',
      }),
    );
    const [pressed] = await items();
    await userEvent.click(within(pressed!).getByRole('button', { name: /Theme queue/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sentiment=negative'));
  });

  it('offers the shown themes (not hidden or merged ones) in the theme filter, most mentioned first', async () => {
    const api = mockFetch({ ...base, ...timeline() });
    renderApp(paths.business.customersFeedback.path, { token: 't' });
    await items();
    const select = screen.getByRole('combobox', { name: 'Theme' });
    await waitFor(() =>
      expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
        'Any theme',
        'queue',
        'Friendly',
      ]),
    );
    await userEvent.selectOptions(select, 'Friendly');
    await waitFor(() =>
      expect(api.queriesOf('GET /api/v1/analytics/timeline').at(-1)!.get('theme')).toBe('Friendly'),
    );
  });

  it('lets the owner hide a shout-out, and shows it hidden after the refresh', async () => {
    let hidden = false;
    const api = mockFetch({
      ...base,
      'GET /api/v1/analytics/timeline': () =>
        jsonResponse(200, {
          period: periodFixture(),
          items: [{ ...praise, shoutOut: { ...praise.shoutOut!, hidden } }],
          nextCursor: null,
        }),
      [`PUT /api/v1/themes/shout-outs/${praise._id}`]: ({ init }) => {
        hidden = (JSON.parse(String(init.body)) as { hidden: boolean }).hidden;
        return jsonResponse(200, { _id: praise._id, shoutOut: { ...praise.shoutOut!, hidden } });
      },
    });
    renderApp(paths.business.customersFeedback.path, { token: 't' });
    const [item] = await items();
    await userEvent.click(within(item!).getByRole('button', { name: 'Hide shout-out' }));
    expect(await screen.findByText('The shout-out for Olivia Bennett is hidden')).toBeInTheDocument();
    expect(api.bodiesOf(`PUT /api/v1/themes/shout-outs/${praise._id}`)).toEqual([{ hidden: true }]);
    const [after] = await items();
    expect(await within(after!).findByRole('button', { name: 'Show shout-out' })).toBeVisible();
    expect(within(after!).queryByText('Shout-out for Olivia Bennett')).toBeNull();
  });

  it('does not offer to hide shout-outs to a store manager', async () => {
    mockFetch({
      ...base,
      ...timeline([praise]),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: { ...apiUser, role: 'manager' } }),
    });
    renderApp(paths.business.customersFeedback.path, {
      token: 't',
      user: { ...testUser, role: 'manager' },
    });
    const [item] = await items();
    expect(within(item!).getByText('Shout-out for Olivia Bennett')).toBeInTheDocument();
    expect(within(item!).queryByRole('button', { name: /shout-out/ })).toBeNull();
  });
});
