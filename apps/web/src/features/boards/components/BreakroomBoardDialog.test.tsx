// Breakroom board dialog (a store card on /manage-stores): empty, create and copy a link, last seen, switch off.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBoard } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

afterEach(() => toaster.remove());

const store = storeFixture({ name: 'Covent Garden' });
const tv: TBoard = {
  _id: '64b7f0c2a1b2c3d4e5f60a01',
  store: { _id: store._id, name: 'Covent Garden' },
  createdAt: '2026-05-01T09:00:00.000Z',
  createdBy: { name: 'Ada Lovelace' },
  lastSeenAt: '2026-05-04T10:00:00.000Z',
};

async function openBoards() {
  const button = await screen.findByRole(
    'button',
    { name: 'Breakroom board for Covent Garden' },
    { timeout: 15000 },
  );
  await userEvent.click(button);
  return screen.findByRole('dialog', { name: 'Breakroom board' });
}

describe('Breakroom board dialog', () => {
  it('says there are no links yet, then creates one and shows it to copy', async () => {
    let boards: TBoard[] = [];
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/boards': () => jsonResponse(200, { boards }),
      'POST /api/v1/boards': () => {
        boards = [{ ...tv, lastSeenAt: null }];
        return jsonResponse(201, { _id: tv._id, url: 'http://localhost:5173/board/abc' });
      },
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openBoards();
    expect(await within(dialog).findByText('No board links yet')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create a TV link' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Board link' })).toHaveValue(
      'http://localhost:5173/board/abc',
    );
    expect(api.bodiesOf('POST /api/v1/boards')).toEqual([{ store: store._id }]);
    expect(await within(dialog).findByText('Not opened on a TV yet')).toBeInTheDocument();
  });

  it('shows a short pairing code with a QR code of the /tv address and the minutes it has left', async () => {
    const pairUrl = 'http://localhost:5173/tv?code=K7QX2M';
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/boards': () => jsonResponse(200, { boards: [] }),
      'POST /api/v1/boards/pairing-codes': () =>
        jsonResponse(201, {
          code: 'K7QX2M',
          expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
          pairUrl,
        }),
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openBoards();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pair a TV with a code' }));
    expect(await within(dialog).findByTestId('pairing-code')).toHaveTextContent('K7QX2M');
    expect(within(dialog).getByText('localhost:5173/tv')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('img', { name: `QR code that opens the board: ${pairUrl}` }),
    ).toHaveAttribute('data-qr-value', pairUrl);
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/Works once, for (10:00|9:5\d) more/);
    expect(api.bodiesOf('POST /api/v1/boards/pairing-codes')).toEqual([{ store: store._id }]);
  });

  it('lists a link with its last seen and switches it off after a confirmation', async () => {
    let boards = [tv];
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/boards': () => jsonResponse(200, { boards }),
      [`DELETE /api/v1/boards/${tv._id}`]: () => {
        boards = [];
        return jsonResponse(200, { message: 'Board switched off' });
      },
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openBoards();
    const row = await within(dialog).findByRole('listitem');
    expect(row).toHaveTextContent(/Last seen .*2026/);
    expect(row).toHaveTextContent('by Ada Lovelace');
    await userEvent.click(within(row).getByRole('button', { name: 'Switch off' }));
    expect(api.callsOf(`DELETE /api/v1/boards/${tv._id}`)).toHaveLength(0);
    await userEvent.click(within(row).getByRole('button', { name: 'Switch off now' }));
    expect(await within(dialog).findByText('No board links yet')).toBeInTheDocument();
    expect(await screen.findByText('Board switched off')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    let healthy = false;
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/boards': () =>
        healthy ? jsonResponse(200, { boards: [tv] }) : jsonResponse(400, { message: 'Something is off' }),
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openBoards();
    expect(await within(dialog).findByText('Could not load the board links')).toBeInTheDocument();
    healthy = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/Last seen/)).toBeInTheDocument();
  });
});
