// Kiosk tablets dialog (from /manage-stores): loading, empty, error with retry, the list with last use, and Revoke.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TKiosk } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp, testUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

afterEach(() => toaster.remove());

const store = storeFixture({ name: 'Covent Garden' });
const till: TKiosk = {
  _id: '64b7f0c2a1b2c3d4e5f60901',
  store: { _id: store._id, name: 'Covent Garden' },
  label: 'Till tablet',
  createdBy: { name: 'Ada Lovelace' },
  createdAt: '2026-05-01T09:00:00.000Z',
  lastUsedAt: '2026-05-04T10:00:00.000Z',
};
const fresh: TKiosk = { ...till, _id: '64b7f0c2a1b2c3d4e5f60902', label: '', lastUsedAt: null };

async function openKiosks() {
  const button = await screen.findByRole('button', { name: 'Kiosk tablets' }, { timeout: 5000 });
  await userEvent.click(button);
  return screen.findByRole('dialog', { name: 'Kiosk tablets' });
}

describe('Kiosk tablets dialog', () => {
  it('shows a loading state, then each tablet with its store, last use and who set it up', async () => {
    const pending = deferred<Response>();
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/kiosks': () => pending.promise,
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openKiosks();
    expect(within(dialog).getByRole('status', { name: 'Loading kiosk tablets' })).toBeInTheDocument();
    pending.resolve(jsonResponse(200, { kiosks: [till, fresh] }));
    const list = await within(dialog).findByRole('list', { name: 'Kiosk tablets' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Covent Garden · Till tablet');
    expect(rows[0]).toHaveTextContent(/Last used .*2026/);
    expect(rows[0]).toHaveTextContent('by Ada Lovelace');
    expect(rows[1]).toHaveTextContent('Covent Garden · Kiosk tablet');
    expect(rows[1]).toHaveTextContent('Never used yet');
  });

  it('says there are none yet', async () => {
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/kiosks': () => jsonResponse(200, { kiosks: [] }),
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openKiosks();
    expect(await within(dialog).findByText('No kiosk tablets')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    let healthy = false;
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/kiosks': () =>
        healthy ? jsonResponse(200, { kiosks: [till] }) : jsonResponse(400, { message: 'Something is off' }),
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openKiosks();
    expect(await within(dialog).findByText('Could not load the kiosk tablets')).toBeInTheDocument();
    healthy = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Covent Garden · Till tablet')).toBeInTheDocument();
  });

  it('revokes after a confirmation, by keyboard, and refreshes the list', async () => {
    let kiosks = [till];
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/kiosks': () => jsonResponse(200, { kiosks }),
      [`DELETE /api/v1/kiosks/${till._id}`]: () => {
        kiosks = [];
        return jsonResponse(200, { message: 'Kiosk revoked' });
      },
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openKiosks();
    const revoke = await within(dialog).findByRole('button', { name: 'Revoke Till tablet at Covent Garden' });
    revoke.focus();
    await userEvent.keyboard('{Enter}');
    expect(api.callsOf(`DELETE /api/v1/kiosks/${till._id}`)).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', {
      name: 'Confirm: revoke Till tablet at Covent Garden',
    });
    confirm.focus();
    await userEvent.keyboard('{Enter}');
    expect(await within(dialog).findByText('No kiosk tablets')).toBeInTheDocument();
    expect(api.callsOf(`DELETE /api/v1/kiosks/${till._id}`)).toHaveLength(1);
    expect(await screen.findByText('Kiosk revoked')).toBeInTheDocument();
  });

  it('offers no Revoke to a viewer', async () => {
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/kiosks': () => jsonResponse(200, { kiosks: [till] }),
    });
    const viewer = {
      ...testUser,
      role: 'viewer',
      businesses: [{ _id: '64b7f0c2a1b2c3d4e5f6b001', name: 'Ada Coffee', role: 'viewer' }],
    };
    renderApp(paths.business.manageStores.path, { token: 't', user: viewer });
    const dialog = await openKiosks();
    await waitFor(() => expect(within(dialog).getByText('Covent Garden · Till tablet')).toBeInTheDocument());
    expect(within(dialog).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });
});
