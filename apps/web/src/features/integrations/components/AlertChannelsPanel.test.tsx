// The Alert channels panel: list with last delivery, add with per-field messages (client and server), test, remove.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAlertChannel } from '@cx/contracts';
import { AppProviders } from '@/app/providers';
import { toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, testUser } from '@/testing/render-app';
import { AlertChannelsPanel } from './AlertChannelsPanel';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const slack: TAlertChannel = {
  _id: '64b7f0c2a1b2c3d4e5f6d001',
  kind: 'slack',
  name: 'Ops room',
  target: 'hooks.slack.com/…wxyz',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastDelivery: { at: '2026-11-25T10:00:00.000Z', ok: false, error: 'HTTP 500' },
};

function renderPanel() {
  session.start({ token: 'abc', user: testUser });
  const queryClient = createQueryClient({ navigate: () => undefined, currentPath: () => '/integrations' });
  return render(
    <AppProviders queryClient={queryClient}>
      <AlertChannelsPanel />
    </AppProviders>,
  );
}

describe('AlertChannelsPanel', () => {
  it('lists channels with their last delivery, queues a test message and removes after confirming', async () => {
    let channels = [slack];
    const api = mockFetch({
      'GET /api/v1/alerts/channels': () => jsonResponse(200, { channels }),
      [`POST /api/v1/alerts/channels/${slack._id}/test`]: () =>
        jsonResponse(202, { message: 'Test message queued: it arrives within a minute' }),
      [`DELETE /api/v1/alerts/channels/${slack._id}`]: () => {
        channels = [];
        return jsonResponse(200, { message: 'Channel removed' });
      },
    });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Alert channels' });
    expect(within(list).getByText('Ops room')).toBeInTheDocument();
    expect(within(list).getByText(/failed \(HTTP 500\)/)).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Send test message' }));
    expect(await screen.findByText('Test message queued: it arrives within a minute')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Ops room' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No alert channels')).toBeInTheDocument();
    expect(api.callsOf(`DELETE /api/v1/alerts/channels/${slack._id}`)).toHaveLength(1);
  });

  it('checks fields before sending and shows the server’s per-field message', async () => {
    const api = mockFetch({
      'GET /api/v1/alerts/channels': () => jsonResponse(200, { channels: [] }),
      'POST /api/v1/alerts/channels': () =>
        jsonResponse(400, {
          message: 'A Slack incoming webhook URL starts with https://hooks.slack.com/',
          fieldErrors: { url: ['A Slack incoming webhook URL starts with https://hooks.slack.com/'] },
        }),
    });
    renderPanel();
    await screen.findByText('No alert channels');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(api.callsOf('POST /api/v1/alerts/channels')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ops');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Incoming webhook URL' }),
      'https://evil.example.com/x',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(
      (await screen.findAllByText('A Slack incoming webhook URL starts with https://hooks.slack.com/'))
        .length,
    ).toBeGreaterThan(0);
  });

  it('says so when the channels cannot be loaded', async () => {
    mockFetch({ 'GET /api/v1/alerts/channels': () => jsonResponse(500, { message: 'Database is resting' }) });
    renderPanel();
    expect(await screen.findByText(/Could not load alert channels/)).toBeInTheDocument();
  });
});
