// /alerts/acknowledge?token=…: one press acknowledges; a used link says who did and when; a bad link says so.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('AcknowledgeAlertPage', () => {
  it('acknowledges only when pressed, then says who it was recorded as', async () => {
    const api = mockFetch({
      'POST /api/v1/alerts/acknowledge': () =>
        jsonResponse(200, {
          acknowledged: true,
          message: 'Alert acknowledged',
          acknowledgement: { by: 'Ada Lovelace (by link)', at: '2026-11-26T07:12:00.000Z' },
        }),
    });
    renderApp('/alerts/acknowledge?token=abc.def');
    const button = await screen.findByRole('button', { name: 'Acknowledge alert' });
    expect(api.callsOf('POST /api/v1/alerts/acknowledge')).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByText('Alert acknowledged')).toBeInTheDocument();
    expect(screen.getByText(/Recorded as Ada Lovelace \(by link\)/)).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/alerts/acknowledge')).toEqual([{ token: 'abc.def' }]);
  });

  it('says a used link was already acknowledged, and a tampered one is not valid', async () => {
    mockFetch({
      'POST /api/v1/alerts/acknowledge': ({ calls }) =>
        calls === 1
          ? jsonResponse(200, {
              acknowledged: false,
              message: 'Already acknowledged by Grace Hopper at 26 Nov 2026, 07:12 UTC',
              acknowledgement: { by: 'Grace Hopper', at: '2026-11-26T07:12:00.000Z' },
            })
          : jsonResponse(400, { message: 'This acknowledge link is not valid' }),
    });
    const first = renderApp('/alerts/acknowledge?token=used.one');
    await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge alert' }));
    expect(
      await screen.findByText('Already acknowledged by Grace Hopper at 26 Nov 2026, 07:12 UTC'),
    ).toBeInTheDocument();
    first.unmount();
    renderApp('/alerts/acknowledge?token=bad.one');
    await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge alert' }));
    expect(await screen.findByText('This acknowledge link is not valid')).toBeInTheDocument();
  });
});
