// /reports/unsubscribe?token=…: opening the link stops nothing; one press stops the report; used and bad links say so.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const ACTIVE = { period: 'weekly', active: true, message: 'Stop mailing you the weekly report?' };

describe('UnsubscribeReportPage', () => {
  it('stops the report only when pressed, then says so', async () => {
    const api = mockFetch({
      'GET /api/v1/reports/unsubscribe': () => jsonResponse(200, ACTIVE),
      'POST /api/v1/reports/unsubscribe': () =>
        jsonResponse(200, { period: 'weekly', message: 'You will no longer receive the weekly report' }),
    });
    renderApp('/reports/unsubscribe?token=abc.def');
    expect(await screen.findByText('Stop mailing you the weekly report?')).toBeInTheDocument();
    expect(api.callsOf('POST /api/v1/reports/unsubscribe')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Stop the weekly report' }));
    expect(await screen.findByText('You will no longer receive the weekly report')).toBeInTheDocument();
    expect(api.queriesOf('POST /api/v1/reports/unsubscribe').map((q) => q.get('token'))).toEqual(['abc.def']);
    expect(api.queriesOf('GET /api/v1/reports/unsubscribe')[0]?.get('token')).toBe('abc.def');
  });

  it('says a used link already stopped the report, and a bad or missing one is not valid', async () => {
    mockFetch({
      'GET /api/v1/reports/unsubscribe': ({ calls }) =>
        calls === 1
          ? jsonResponse(200, {
              period: 'daily',
              active: false,
              message: 'This link has already stopped the daily report',
            })
          : jsonResponse(400, { message: 'This unsubscribe link is not valid' }),
    });
    const used = renderApp('/reports/unsubscribe?token=used.one');
    expect(await screen.findByText('This link has already stopped the daily report')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Stop the/ })).not.toBeInTheDocument();
    used.unmount();
    const bad = renderApp('/reports/unsubscribe?token=bad.one');
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeInTheDocument();
    bad.unmount();
    renderApp('/reports/unsubscribe');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
  });

  it('keeps the button and shows the error when stopping fails', async () => {
    mockFetch({
      'GET /api/v1/reports/unsubscribe': () => jsonResponse(200, ACTIVE),
      'POST /api/v1/reports/unsubscribe': () =>
        jsonResponse(404, { message: 'This unsubscribe link has already been used or has expired' }),
    });
    renderApp('/reports/unsubscribe?token=abc.def');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the weekly report' }));
    expect(
      await screen.findByText('This unsubscribe link has already been used or has expired'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop the weekly report' })).toBeInTheDocument();
  });
});
