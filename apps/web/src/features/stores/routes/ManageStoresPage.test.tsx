// /manage-stores: loading/empty/error states, create with validation and image, delete with confirmation, QR download.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStore } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

afterEach(() => toaster.remove());

const page = paths.business.manageStores.path;

describe('/manage-stores', () => {
  it('shows skeletons while loading, then one table row per store', async () => {
    const pending = deferred<Response>();
    mockFetch({ 'GET /api/v1/store': () => pending.promise });
    renderApp(page, { token: 't' });
    // The first test also pays for transforming the lazy dashboard chunk.
    expect(
      await screen.findByRole('status', { name: 'Loading stores' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    pending.resolve(
      jsonResponse(200, { stores: [storeFixture({ name: 'Covent Garden', timeZone: 'Europe/London' })] }),
    );
    const row = await screen.findByRole('row', { name: 'Covent Garden' });
    expect(within(row).getByText('Europe/London')).toBeInTheDocument();
    expect(
      within(row).getByText('Rate staff · Rate the experience · Review and social links'),
    ).toBeInTheDocument();
    // The cards are one click away, and remembered.
    await userEvent.click(screen.getByRole('button', { name: 'Cards' }));
    const card = await screen.findByRole('article', { name: 'Covent Garden' });
    expect(within(card).getByText('Time zone: Europe/London')).toBeInTheDocument();
    expect(
      within(card).getByText('Rate staff · Rate the experience · Review and social links'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('cx.stores.view')).toBe('cards');
  }, 60_000);

  it('offers to add the first store when there are none', async () => {
    mockFetch({ 'GET /api/v1/store': () => jsonResponse(200, { stores: [] }) });
    renderApp(page, { token: 't' });
    expect(await screen.findByText('No stores yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /open a store for reviews/i })).toBeDisabled();
  });

  it('shows the server message and a retry when the list cannot load', async () => {
    let healthy = false;
    mockFetch({
      'GET /api/v1/store': () =>
        healthy ? jsonResponse(200, { stores: [] }) : jsonResponse(500, { message: 'Database unavailable' }),
    });
    renderApp(page, { token: 't' });
    // A 5xx is retried once (about a second later) before the page gives up.
    expect(await screen.findByText('Database unavailable', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Could not load your stores')).toBeInTheDocument();
    healthy = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No stores yet')).toBeInTheDocument();
  }, 60_000);

  it('validates with the contract messages, creates the store, uploads its image and refreshes the list', async () => {
    const created = storeFixture({ name: 'Harbour Kiosk', timeZone: 'Australia/Sydney' });
    let stores: TStore[] = [];
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores }),
      'POST /api/v1/store/create': () => {
        stores = [created];
        return jsonResponse(201, { message: 'Store created', store: created });
      },
      [`PUT /api/v1/store/${created._id}/image`]: () => jsonResponse(200, { message: 'ok', store: created }),
    });
    renderApp(page, { token: 't' });
    await screen.findByText('No stores yet');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add store' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add a store' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create store' }));
    expect(within(dialog).getByText('Store name is required')).toBeInTheDocument();
    const zone = within(dialog).getByRole('combobox', { name: /time zone/i });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Base');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Website' }), 'not a link');
    expect(within(dialog).getByText('Choose a valid IANA time zone, e.g. Europe/London')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be a valid URL starting with https://')).toBeInTheDocument();
    expect(api.callsOf('POST /api/v1/store/create')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /store name/i }), 'Harbour Kiosk');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Australia/Sydney');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Website' }));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shop.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText('Store image'), png);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create store' }));

    expect(await screen.findByRole('row', { name: 'Harbour Kiosk' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/store/create')[0]).toMatchObject({
      name: 'Harbour Kiosk',
      timeZone: 'Australia/Sydney',
    });
    const upload = api.bodiesOf(`PUT /api/v1/store/${created._id}/image`)[0] as FormData;
    expect((upload.get('image') as File).name).toBe('shop.png');
    expect(api.callsOf('GET /api/v1/store').length).toBeGreaterThanOrEqual(2);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a store' })).not.toBeInTheDocument(),
    );
  }, 150_000);

  it('edits a store and shows the updated name after the list refreshes', async () => {
    let store = storeFixture({ name: 'Old Name' });
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      [`PUT /api/v1/store/${store._id}`]: () => {
        store = { ...store, name: 'New Name' };
        return jsonResponse(200, { message: 'Store updated', store });
      },
    });
    renderApp(page, { token: 't' });
    const row = await screen.findByRole('row', { name: 'Old Name' }, { timeout: 15_000 });
    await userEvent.click(within(row).getByRole('button', { name: 'Edit Old Name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Old Name' });
    const name = within(dialog).getByRole('textbox', { name: /store name/i });
    await userEvent.clear(name);
    await userEvent.type(name, 'New Name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('row', { name: 'New Name' })).toBeInTheDocument();
    expect(api.bodiesOf(`PUT /api/v1/store/${store._id}`)[0]).toMatchObject({ name: 'New Name' });
  }, 60_000);

  it('deletes after confirmation, shows the server message (ratings kept) and refreshes the list', async () => {
    let stores = [storeFixture({ name: 'Old Town' })];
    const id = stores[0]!._id;
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores }),
      [`DELETE /api/v1/store/${id}`]: () => {
        stores = [];
        return jsonResponse(200, {
          message: 'Store "Old Town" deleted. Its 12 ratings are kept for your reports.',
          ratingsKept: 12,
        });
      },
    });
    renderApp(page, { token: 't' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete Old Town' }, { timeout: 15_000 }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Old Town?' }, { timeout: 5000 });
    expect(within(confirm).getByText(/ratings are kept for your reports/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete store' }));
    expect(
      await screen.findByText('Store "Old Town" deleted. Its 12 ratings are kept for your reports.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No stores yet')).toBeInTheDocument();
  }, 60_000);

  it('downloads the QR code with the session token', async () => {
    const store = storeFixture({ name: 'Covent Garden' });
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      [`GET /api/v1/store/${store._id}/qr.png`]: () =>
        new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }), {
          headers: {
            'content-type': 'image/png',
            'content-disposition': 'attachment; filename="covent-garden-qr.png"',
          },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:qr');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    localStorage.setItem('cx.stores.view', 'cards');
    renderApp(page, { token: 'secret-token' });
    const trigger = await screen.findByRole(
      'button',
      { name: 'QR & poster for Covent Garden' },
      { timeout: 5000 },
    );
    // By keyboard, as a keyboard user would: open the menu on its first item and choose it.
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const item = await screen.findByRole('menuitem', { name: 'Download QR code (PNG)' });
    await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [, init] = api.callsOf(`GET /api/v1/store/${store._id}/qr.png`)[0]!;
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer secret-token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('covent-garden-qr.png');
  });
});
