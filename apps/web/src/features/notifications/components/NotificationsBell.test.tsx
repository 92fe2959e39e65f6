// The top bar's bell: unread count from isUnRead, the panel, mark all as read (success and failure), live pushes.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNotification } from '@cx/contracts';
import { paths } from '@/config/paths';
import { fakeSockets } from '@/testing/fake-socket';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

const note = (over: Partial<TNotification> = {}): TNotification => ({
  _id: Math.random().toString(16).slice(2).padEnd(24, '0'),
  message: '<strong>Alice</strong> at <strong>High Street</strong> was rated <strong>1 star</strong>.',
  image: null,
  createdAt: new Date().toISOString(),
  isUnRead: true,
  ...over,
});
const page = (data: TNotification[]) => ({
  data,
  page: 1,
  limit: 20,
  total: data.length,
  unread: data.filter((n) => n.isUnRead).length,
  openAlerts: 0,
  hasMore: false,
});
const USER = { _id: 'u1', fullname: 'Ada Lovelace', email: 'ada@example.com' };

beforeEach(() => fakeSockets.splice(0));

describe('notifications bell', () => {
  it('shows the unread count, the panel list and "No notification found!" when empty', async () => {
    mockFetch({ 'GET /api/v1/notifications': () => jsonResponse(200, page([])) });
    renderApp(paths.business.dashboard.path, { token: 'abc', user: USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notification found!')).toBeInTheDocument();
  });

  it('marks all as read, clearing the count; a failure shows the server message', async () => {
    const api = mockFetch({
      'GET /api/v1/notifications': () => jsonResponse(200, page([note(), note({ isUnRead: false })])),
      'PUT /api/v1/notifications/mark-read': ({ calls }) =>
        calls === 1
          ? jsonResponse(500, { message: 'Database is resting' })
          : jsonResponse(200, { message: 'ok', updated: 1 }),
    });
    renderApp(paths.business.dashboard.path, { token: 'abc', user: USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications panel' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.querySelector('strong')?.textContent).toBe('Alice');
    await userEvent.click(within(panel).getByRole('button', { name: 'mark all as read' }));
    expect(await screen.findByText('Database is resting')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(api.callsOf('PUT /api/v1/notifications/mark-read')).toHaveLength(2);
  });

  it('connects with the spec settings and the token, registers, and puts a pushed notification on top', async () => {
    mockFetch({ 'GET /api/v1/notifications': () => jsonResponse(200, page([note({ isUnRead: false })])) });
    renderApp(paths.business.dashboard.path, { token: 'abc', user: USER });
    await screen.findByRole('button', { name: 'Notifications' });
    // the socket opens in an effect, which may run after the bell is already on screen
    const socket = await waitFor(() => {
      const opened = fakeSockets.at(-1);
      if (!opened) throw new Error('no socket opened yet');
      return opened;
    });
    expect(socket.opts).toMatchObject({
      auth: { token: 'abc' },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
      randomizationFactor: 0.5,
    });
    act(() => socket.serverSends('connect'));
    expect(socket.emitted).toContainEqual({ event: 'register', args: ['u1'] });
    act(() =>
      socket.serverSends(
        'notification',
        note({ message: 'New <strong>alert</strong><img src=x onerror="window.hacked=1">' }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications panel' });
    const first = (await within(panel).findAllByRole('listitem'))[0]!;
    expect(first).toHaveTextContent('New alert');
    expect(first.querySelector('img')).toBeNull();
    await waitFor(() => expect(screen.getAllByText('New notification').length).toBeGreaterThan(0));
  });
});

describe('realtime themes', () => {
  it('re-reads the theme panel when the server says discovery found new themes', async () => {
    let reads = 0;
    mockFetch({
      'GET /api/v1/notifications': () => jsonResponse(200, page([])),
      'GET /api/v1/analytics/themes': () => {
        reads += 1;
        return jsonResponse(200, { themes: [], stores: [] });
      },
    });
    renderApp(paths.business.dashboard.path, { token: 'abc', user: USER });
    await waitFor(() => expect(reads).toBeGreaterThan(0));
    const socket = fakeSockets.at(-1)!;
    const before = reads;
    act(() => socket.serverSends('themes', { business: 'b1' }));
    await waitFor(() => expect(reads).toBe(before + 1));
  });
});
