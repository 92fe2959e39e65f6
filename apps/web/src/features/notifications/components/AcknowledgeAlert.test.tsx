// Acknowledging alerts in the app: the bell's button records who and when; the page lists recent alerts the same way.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNotification } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const ACK_AT = '2026-11-26T07:12:00.000Z';
const alert = (over: Partial<TNotification> = {}): TNotification => ({
  _id: '64b7f0c2a1b2c3d4e5f6c001',
  message: '<strong>Alice</strong> at <strong>High Street</strong> was rated <strong>1 star</strong>.',
  image: null,
  createdAt: new Date().toISOString(),
  isUnRead: true,
  acknowledgeable: true,
  acknowledgement: null,
  ...over,
});
const page = (data: TNotification[]) => ({
  data,
  page: 1,
  limit: 20,
  total: data.length,
  unread: 0,
  openAlerts: 0,
  hasMore: false,
});

describe('acknowledge in the bell', () => {
  it('acknowledges an alert and shows "Acknowledged by" with the time', async () => {
    const api = mockFetch({
      'GET /api/v1/notifications': () => jsonResponse(200, page([alert()])),
      'POST /api/v1/alerts/64b7f0c2a1b2c3d4e5f6c001/acknowledge': () =>
        jsonResponse(200, {
          acknowledged: true,
          message: 'Alert acknowledged',
          acknowledgement: { by: 'Ada Lovelace', at: ACK_AT },
        }),
    });
    renderApp(paths.business.dashboard.path, { token: 'abc' });
    await userEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications panel' }, { timeout: 5_000 });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Acknowledge' }));
    expect(await within(panel).findByText(/Acknowledged by Ada Lovelace/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(api.callsOf('POST /api/v1/alerts/64b7f0c2a1b2c3d4e5f6c001/acknowledge')).toHaveLength(1);
  });

  it('shows the server message when acknowledging fails, and no button on notices', async () => {
    mockFetch({
      'GET /api/v1/notifications': () =>
        jsonResponse(
          200,
          page([
            alert(),
            alert({
              _id: '64b7f0c2a1b2c3d4e5f6c002',
              acknowledgeable: undefined,
              acknowledgement: undefined,
            }),
          ]),
        ),
      'POST /api/v1/alerts/64b7f0c2a1b2c3d4e5f6c001/acknowledge': () =>
        jsonResponse(404, { message: 'Alert not found' }),
    });
    renderApp(paths.business.dashboard.path, { token: 'abc' });
    await userEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications panel' }, { timeout: 5_000 });
    expect(await within(panel).findAllByRole('button', { name: 'Acknowledge' })).toHaveLength(1);
    await userEvent.click(within(panel).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Alert not found')).toBeInTheDocument();
  });
});

describe('recent alerts on Performance Notifications', () => {
  it('lists rule alerts with who acknowledged them', async () => {
    mockFetch({
      'GET /api/v1/notifications': () =>
        jsonResponse(200, page([alert({ acknowledgement: { by: 'Grace Hopper (by link)', at: ACK_AT } })])),
      'GET /api/v1/notifications/rules': () => jsonResponse(200, { data: [] }),
      'GET /api/v1/notifications/settings': () =>
        jsonResponse(200, { quietHours: { enabled: false, start: '22:00', end: '07:00' } }),
    });
    renderApp(paths.business.settingsAndNotifications.path, { token: 'abc' });
    const recent = await screen.findByRole('list', { name: 'Recent alerts' });
    expect(within(recent).getByText(/Acknowledged by Grace Hopper \(by link\)/)).toBeInTheDocument();
  });
});
