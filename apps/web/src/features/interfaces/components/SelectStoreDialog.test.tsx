// Select Store dialog (spec §2 dialog 2): search, spinner, "No store found", interface checks and the kiosk hand-over.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { hardNavigate } from '@/lib/hard-navigate';
import { kioskTabletOf, rememberKioskTablet } from '@/lib/kiosk';
import { selectStoreDialog } from '@/lib/select-store-dialog';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';
import { KIOSK_ENROL_FAILED } from './SelectStoreDialog';

vi.mock('@/lib/hard-navigate', () => ({ hardNavigate: vi.fn() }));

const covent = storeFixture({ name: 'Covent Garden', image: '/api/v1/files/64b7f0c2a1b2c3d4e5f60001' });
const soho = storeFixture({ name: 'SoHo New York' });
const on = { status: true };
const off = { status: false };

afterEach(() => {
  // Unmounted first, so closing the module-store dialog re-renders nothing after the test's act.
  cleanup();
  selectStoreDialog.close();
  vi.mocked(hardNavigate).mockClear();
  // Toasts live in a module-level store: one test's message must not satisfy the next test.
  toaster.remove();
});

async function openDialog() {
  const open = await screen.findByRole('button', { name: /open a store for reviews/i });
  // Enabled once the page knows there are stores to choose from.
  await waitFor(() => expect(open).toBeEnabled());
  await userEvent.click(open);
  // It asks first, saying that this device becomes a kiosk.
  const confirm = await screen.findByRole('alertdialog', { name: 'Turn this device into a kiosk?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, make this a kiosk' }));
  return screen.findByRole('dialog', { name: 'Select Store' }, { timeout: 15_000 });
}

function api(
  interfaces: Record<string, () => Response | Promise<Response>> = {},
  storesResponse?: Promise<Response>,
) {
  return mockFetch({
    'GET /api/v1/store': () => storesResponse ?? jsonResponse(200, { stores: [covent, soho] }),
    [`GET /api/v1/anonymous/user-interfaces/${covent._id}`]: () =>
      interfaces.covent?.() ??
      jsonResponse(200, { interfaces: { interface1: on, interface2: off, interface3: off } }),
    [`GET /api/v1/anonymous/user-interfaces/${soho._id}`]: () =>
      interfaces.soho?.() ??
      jsonResponse(200, { interfaces: { interface1: on, interface2: on, interface3: on } }),
    'PUT /api/v1/user/select-store': () => jsonResponse(200, { message: 'ok', user: {} }),
    [`POST /api/v1/stores/${soho._id}/kiosks`]: () =>
      interfaces.enrol?.() ??
      jsonResponse(201, {
        _id: '64b7f0c2a1b2c3d4e5f60901',
        credential: CREDENTIAL,
        store: soho._id,
        label: 'Select Store tablet',
        createdAt: '2026-05-04T10:00:00.000Z',
      }),
    'DELETE /api/v1/kiosks/64b7f0c2a1b2c3d4e5f60900': () => jsonResponse(200, { message: 'Kiosk revoked' }),
  });
}

const CREDENTIAL = `kio_${'a'.repeat(43)}`;

describe('Select Store dialog', () => {
  it('shows a spinner while loading, then each store as image and name under the instruction', async () => {
    const pending = deferred<Response>();
    api({}, pending.promise);
    renderApp(paths.business.manageStores.path, { token: 't' });
    // The page's own list waits too (its button stays disabled), so open the dialog the way a header would.
    act(() => selectStoreDialog.open());
    // The first test also pays for transforming the lazy dashboard and dialog chunks.
    const dialog = await screen.findByRole('dialog', { name: 'Select Store' }, { timeout: 15_000 });
    expect(within(dialog).getByLabelText('Loading stores')).toBeInTheDocument();
    expect(within(dialog).getByText('Click on specific Store to Proceed')).toBeInTheDocument();
    pending.resolve(jsonResponse(200, { stores: [covent, soho] }));
    const list = await within(dialog).findByRole('list', { name: 'Stores' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Covent Garden', 'SoHo New York']);
    expect(list.querySelector('img')?.getAttribute('src')).toBe(`${covent.image}?w=160`);
    expect(getComputedStyle(list).maxHeight).toBe('380px');
    expect(getComputedStyle(list).overflowY).toBe('auto');
  });

  it('filters by name case-insensitively and says "No store found" when nothing matches', async () => {
    api();
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openDialog();
    const search = within(dialog).getByRole('searchbox', { name: 'Search store' });
    await userEvent.type(search, 'gARDEN');
    const list = within(dialog).getByRole('list', { name: 'Stores' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Covent Garden']);
    await userEvent.clear(search);
    await userEvent.type(search, 'Paris');
    expect(within(dialog).getByText('No store found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('warns for 7 seconds when all three interfaces are disabled, and stays', async () => {
    api({
      covent: () => jsonResponse(200, { interfaces: { interface1: off, interface2: off, interface3: off } }),
    });
    const create = vi.spyOn(toaster, 'create');
    window.localStorage.setItem('kept', 'yes');
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Covent Garden' }));
    expect(
      await screen.findByText('All interfaces are disabled. Please enable at least one interface first.'),
    ).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith({
      type: 'warning',
      title: 'All interfaces are disabled. Please enable at least one interface first.',
      duration: 7000,
    });
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('kept')).toBe('yes');
    expect(
      screen.queryByText('Please wait, you are redirecting to the selected store.'),
    ).not.toBeInTheDocument();
  });

  it.each([
    ['the server answers 500', () => jsonResponse(500, { message: 'boom' })],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says "An error occurred while fetching interface details." when %s', async (_case, answer) => {
    api({ covent: answer });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Covent Garden' }));
    expect(
      await screen.findByText('An error occurred while fetching interface details.'),
    ).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).toBe('t');
  });

  it('shows the redirect text, remembers the store, clears local storage and the cache, then opens /rate-staff', async () => {
    const calls = api();
    window.localStorage.setItem('kept', 'yes');
    const { queryClient } = renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'SoHo New York' }));
    expect(
      await within(dialog).findByText('Please wait, you are redirecting to the selected store.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(`/rate-staff?store=${soho._id}`));
    // Everything of the owner's session is gone; the tablet keeps only its new kiosk credential for this store.
    expect(window.localStorage.length).toBe(1);
    expect(kioskTabletOf(soho._id)).toEqual({ id: '64b7f0c2a1b2c3d4e5f60901', credential: CREDENTIAL });
    expect(calls.bodiesOf(`POST /api/v1/stores/${soho._id}/kiosks`)).toEqual([
      { label: 'Select Store tablet' },
    ]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(calls.bodiesOf('PUT /api/v1/user/select-store')).toEqual([{ storeId: soho._id }]);
    // The tab is handed over as a kiosk: the thanks page will count down back to the start.
    expect(window.sessionStorage.getItem('cx.kiosk')).toBe('1');
  });

  it('replaces the tablet’s earlier kiosk for the same store (revoked first) and keeps other stores’ kiosks', async () => {
    const calls = api();
    rememberKioskTablet(soho._id, { id: '64b7f0c2a1b2c3d4e5f60900', credential: `kio_${'b'.repeat(43)}` });
    rememberKioskTablet(covent._id, { id: '64b7f0c2a1b2c3d4e5f60902', credential: `kio_${'c'.repeat(43)}` });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'SoHo New York' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalled());
    expect(calls.callsOf('DELETE /api/v1/kiosks/64b7f0c2a1b2c3d4e5f60900')).toHaveLength(1);
    expect(kioskTabletOf(soho._id)?.credential).toBe(CREDENTIAL);
    expect(kioskTabletOf(covent._id)?.credential).toBe(`kio_${'c'.repeat(43)}`);
  });

  it('stays on the dashboard and says so when the tablet cannot be enrolled', async () => {
    api({ enrol: () => jsonResponse(403, { message: 'Your role does not allow this' }) });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'SoHo New York' }));
    expect(await screen.findByText(KIOSK_ENROL_FAILED)).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).toBe('t');
    expect(kioskTabletOf(soho._id)).toBeNull();
  });
});
