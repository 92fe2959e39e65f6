// /tv: the breakroom TV opens its board with the dialog's short code, typed or from the QR code's address.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBoardData } from '@cx/contracts';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { WRONG_CODE } from './TvPairingPage';

const TOKEN = 'P'.repeat(43);
const board: TBoardData = {
  store: { name: 'Harbour', image: null },
  brand: { logo: null, color: null, textColor: null },
  week: { from: '2026-05-01', to: '2026-05-07', ratings: 0, average: null, change: null },
  today: { day: '2026-05-07', ratings: 0 },
  minSample: 5,
  team: [],
  shoutOuts: [],
  generatedAt: '2026-05-07T10:00:00Z',
};

function api(answer: (code: string) => Response) {
  return mockFetch({
    'POST /api/v1/boards/pairing-codes/redeem': ({ init }) =>
      answer((JSON.parse(String(init.body)) as { code: string }).code),
    [`GET /api/v1/boards/public/${TOKEN}`]: () => jsonResponse(200, board),
  });
}

describe('/tv', () => {
  it('opens the board for a typed code (any case), and says so plainly for a wrong one', async () => {
    const calls = api((code) =>
      code === 'K7QX2M'
        ? jsonResponse(200, { token: TOKEN })
        : jsonResponse(404, { message: 'Pairing code not found' }),
    );
    const { router } = renderApp('/tv');
    const input = await screen.findByRole('textbox', { name: 'Pairing code' });
    await userEvent.type(input, 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Open board' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(router.state.location.pathname).toBe('/tv');

    await userEvent.clear(input);
    await userEvent.type(input, 'k7qx2m');
    await userEvent.click(screen.getByRole('button', { name: 'Open board' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/board/${TOKEN}`));
    expect(await screen.findByText('Harbour')).toBeInTheDocument();
    expect(calls.bodiesOf('POST /api/v1/boards/pairing-codes/redeem')).toEqual([
      { code: 'ABCDEF' },
      { code: 'K7QX2M' },
    ]);
  });

  it('checks the shape before asking the server, and shows the wait message when rate-limited', async () => {
    const calls = api(() =>
      jsonResponse(429, { message: 'Too many wrong codes. Please wait a few minutes and try again.' }),
    );
    renderApp('/tv');
    const input = await screen.findByRole('textbox', { name: 'Pairing code' });
    await userEvent.type(input, 'O0I1');
    await userEvent.click(screen.getByRole('button', { name: 'Open board' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the 6-character code shown in the board dialog',
    );
    expect(calls.bodiesOf('POST /api/v1/boards/pairing-codes/redeem')).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, 'ABCDEF');
    await userEvent.click(screen.getByRole('button', { name: 'Open board' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes');
  });

  it('opens the board at once from the QR code’s address', async () => {
    api(() => jsonResponse(200, { token: TOKEN }));
    const { router } = renderApp('/tv?code=K7QX2M');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/board/${TOKEN}`), { timeout: 10_000 });
  });
});
