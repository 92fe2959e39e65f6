// /settings-and-notifications against a mocked API: rules listed with their preview, edits validated by the contract
// before anything is sent, saves, adds and quiet hours, and the loading / empty / error states.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRule } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { deferred, mockFetch } from '@/testing/mock-api';
import { apiUser, jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const signedIn = { token: 'jwt-1' };
const meta = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const windowRule: TRule = {
  _id: '64b7f0c2a1b2c3d4e5f60001',
  type: 'low-share-window',
  enabled: true,
  stores: [],
  email: true,
  maxScore: 2,
  percent: 50,
  minutes: 15,
  minRatings: 4,
  ...meta,
};
const lowRule: TRule = {
  _id: '64b7f0c2a1b2c3d4e5f60002',
  type: 'low-rating',
  enabled: true,
  stores: [],
  email: false,
  maxScore: 2,
  kinds: ['staff', 'experience'],
  ...meta,
};
const settings = { quietHours: { enabled: false, start: '22:00', end: '07:00' } };
const base = {
  'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
  'GET /api/v1/store': () => jsonResponse(200, { stores: [storeFixture({ name: 'High Street' })] }),
  'GET /api/v1/notifications': () =>
    jsonResponse(200, { data: [], page: 1, limit: 20, total: 0, unread: 0, openAlerts: 0, hasMore: false }),
  'GET /api/v1/notifications/settings': () => jsonResponse(200, settings),
};

const card = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('article') as HTMLElement;

describe('/settings-and-notifications', () => {
  it('lists the rules with a live preview, refuses an invalid edit with the contract message, and saves a valid one', async () => {
    const api = mockFetch({
      ...base,
      'GET /api/v1/notifications/rules': () => jsonResponse(200, { data: [windowRule, lowRule] }),
      'PUT /api/v1/notifications/rules/64b7f0c2a1b2c3d4e5f60001': ({ init }) =>
        jsonResponse(200, {
          message: 'Rule saved',
          rule: { ...windowRule, ...JSON.parse(String(init.body)) },
        }),
    });
    renderApp('/settings-and-notifications', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Performance Notifications' })).toBeVisible();
    const rule = await card('Many low ratings in a short time');
    expect(
      within(rule).getByText('High Street: 50 % of the last 4 ratings in 15 minutes', { exact: false }),
    ).toBeVisible();

    const share = within(rule).getByRole('spinbutton', { name: 'Share of low ratings (%)' });
    await userEvent.clear(share);
    await userEvent.type(share, '150');
    expect(within(rule).getByText('Fix the fields above to see the alert.')).toBeVisible();
    await userEvent.click(within(rule).getByRole('button', { name: 'Save' }));
    expect(await within(rule).findByText('Share of low ratings can be at most 100')).toBeVisible();
    expect(api.callsOf('PUT /api/v1/notifications/rules/64b7f0c2a1b2c3d4e5f60001')).toHaveLength(0);

    await userEvent.clear(share);
    await userEvent.type(share, '75');
    const minutes = within(rule).getByRole('spinbutton', { name: 'Over the last (minutes)' });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '30');
    expect(within(rule).getByText(/in 30 minutes/)).toBeVisible();
    await userEvent.click(within(rule).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/v1/notifications/rules/64b7f0c2a1b2c3d4e5f60001')).toEqual([
        {
          type: 'low-share-window',
          enabled: true,
          stores: [],
          email: true,
          maxScore: 2,
          percent: 75,
          minutes: 30,
          minRatings: 4,
        },
      ]),
    );
    expect(await screen.findByText('Rule saved')).toBeInTheDocument();
  });

  it('refuses a low-rating rule with neither kind ticked, and adds a rule of the chosen type', async () => {
    const api = mockFetch({
      ...base,
      'GET /api/v1/notifications/rules': () => jsonResponse(200, { data: [lowRule] }),
      'POST /api/v1/notifications/rules': () =>
        jsonResponse(201, { message: 'Rule added', rule: windowRule }),
    });
    renderApp('/settings-and-notifications', signedIn);
    const rule = await card('Low rating');
    await userEvent.click(within(rule).getByRole('checkbox', { name: 'Staff' }));
    await userEvent.click(within(rule).getByRole('checkbox', { name: 'Experience' }));
    await userEvent.click(within(rule).getByRole('button', { name: 'Save' }));
    expect(await within(rule).findByText('Choose staff ratings, experience ratings or both')).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rule to add' }), 'flagged-burst');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /api/v1/notifications/rules')).toEqual([
        { type: 'flagged-burst', enabled: true, stores: [], email: true, count: 4, minutes: 30 },
      ]),
    );
    expect(await screen.findByText('Rule added')).toBeInTheDocument();
  });

  it('edits a keyword rule: words typed comma-separated, previewed, refused when empty, saved as a list', async () => {
    const keywordRule: TRule = {
      _id: '64b7f0c2a1b2c3d4e5f60003',
      type: 'keyword',
      enabled: true,
      stores: [],
      email: true,
      keywords: ['refund'],
      kinds: ['staff', 'experience'],
      ...meta,
    };
    const api = mockFetch({
      ...base,
      'GET /api/v1/notifications/rules': () => jsonResponse(200, { data: [keywordRule] }),
      'PUT /api/v1/notifications/rules/64b7f0c2a1b2c3d4e5f60003': () =>
        jsonResponse(200, { message: 'Rule saved', rule: keywordRule }),
    });
    renderApp('/settings-and-notifications', signedIn);
    const rule = await card('Keyword or theme');
    const words = within(rule).getByRole('textbox', { name: 'Words or phrases (comma-separated)' });
    await userEvent.clear(words);
    await userEvent.click(within(rule).getByRole('button', { name: 'Save' }));
    expect(await within(rule).findByText('Add at least one word or phrase')).toBeVisible();
    await userEvent.type(words, 'manager, order wrong,');
    expect(within(rule).getByText(/mentions “manager”/)).toBeVisible();
    await userEvent.click(within(rule).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/v1/notifications/rules/64b7f0c2a1b2c3d4e5f60003')).toEqual([
        {
          type: 'keyword',
          enabled: true,
          stores: [],
          email: true,
          keywords: ['manager', 'order wrong'],
          kinds: ['staff', 'experience'],
        },
      ]),
    );
  });

  it('shows a loading state, then the empty state when the business has no rules', async () => {
    const held = deferred<Response>();
    mockFetch({ ...base, 'GET /api/v1/notifications/rules': () => held.promise });
    renderApp('/settings-and-notifications', signedIn);
    expect(await screen.findByLabelText('Loading alert rules')).toBeInTheDocument();
    held.resolve(jsonResponse(200, { data: [] }));
    expect(await screen.findByText('No alert rules')).toBeVisible();
  });

  it('shows the error with a retry that loads the rules', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/notifications/rules': ({ calls }) =>
        calls <= 2
          ? jsonResponse(500, { message: 'Something went wrong' })
          : jsonResponse(200, { data: [windowRule] }),
    });
    renderApp('/settings-and-notifications', signedIn);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load alert rules');
    await userEvent.click(within(alert).getByRole('button', { name: /retry|try again/i }));
    expect(await card('Many low ratings in a short time')).toBeVisible();
  });
});
