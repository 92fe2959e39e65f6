// The "below target for N days" rule card: its target metric and days, the live preview, and the contract's limits.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRule } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { mockFetch } from '@/testing/mock-api';
import { apiUser, jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const rule: TRule = {
  _id: '64b7f0c2a1b2c3d4e5f60009',
  type: 'below-target',
  enabled: true,
  stores: [],
  email: true,
  metric: 'average',
  days: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

it('edits the target metric and the days, previews the alert, and refuses 31 days with the contract message', async () => {
  const put = `PUT /api/v1/notifications/rules/${rule._id}`;
  const api = mockFetch({
    'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
    'GET /api/v1/store': () => jsonResponse(200, { stores: [storeFixture({ name: 'High Street' })] }),
    'GET /api/v1/notifications': () =>
      jsonResponse(200, { data: [], page: 1, limit: 20, total: 0, unread: 0, openAlerts: 0, hasMore: false }),
    'GET /api/v1/notifications/settings': () =>
      jsonResponse(200, { quietHours: { enabled: false, start: '22:00', end: '07:00' } }),
    'GET /api/v1/notifications/rules': () => jsonResponse(200, { data: [rule] }),
    [put]: ({ init }) =>
      jsonResponse(200, { message: 'Rule saved', rule: { ...rule, ...JSON.parse(String(init.body)) } }),
  });
  renderApp('/settings-and-notifications', { token: 'jwt-1' });
  const card = (await screen.findByRole('heading', { name: 'Below target for days' })).closest(
    'article',
  ) as HTMLElement;
  expect(within(card).getByTestId(`rule-${rule._id}-preview`)).toHaveTextContent(
    'High Street has been below its Average score target of 4.20 for 3 days (yesterday: 3.90).',
  );
  const days = within(card).getByRole('spinbutton', { name: 'Days in a row' });
  await userEvent.clear(days);
  await userEvent.type(days, '31');
  await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
  expect(await within(card).findByText('Days below target can be at most 30')).toBeVisible();
  expect(api.callsOf(put)).toHaveLength(0);

  await userEvent.clear(days);
  await userEvent.type(days, '5');
  await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Target' }), '% happy');
  expect(within(card).getByTestId(`rule-${rule._id}-preview`)).toHaveTextContent(
    'below its % happy target of 80.0% for 5 days',
  );
  await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(api.bodiesOf(put)).toEqual([expect.objectContaining({ metric: 'happy', days: 5 })]),
  );
});
