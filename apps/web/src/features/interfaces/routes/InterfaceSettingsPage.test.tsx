// /interface-settings: three switches per store; turning all off is saved but flagged with the spec's warning text.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStore } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

afterEach(() => toaster.remove());

describe('/interface-settings', () => {
  it('saves each toggle and shows the all-disabled warning once none is left on', async () => {
    let store: TStore = storeFixture({
      name: 'Covent Garden',
      interfaces: {
        interface1: { status: true },
        interface2: { status: false },
        interface3: { status: false },
      },
    });
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      [`PUT /api/v1/store/${store._id}/interfaces`]: ({ init }) => {
        const body = JSON.parse(String(init.body)) as Partial<TStore['interfaces']>;
        store = { ...store, interfaces: { ...store.interfaces, ...body } };
        return jsonResponse(200, { message: 'Interface settings updated', interfaces: store.interfaces });
      },
    });
    renderApp(paths.business.interfaceSettings.path, { token: 't' });
    const card = await screen.findByRole('article', { name: 'Covent Garden interfaces' }, { timeout: 5000 });
    const rateStaff = within(card).getByRole('checkbox', { name: /Rate staff/ });
    expect(rateStaff).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: /Rate the experience/ })).not.toBeChecked();
    expect(within(card).queryByText(/All interfaces are disabled/)).not.toBeInTheDocument();

    await userEvent.click(rateStaff);
    expect(
      await within(card).findByText(
        'All interfaces are disabled. Please enable at least one interface first.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('Paused')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodiesOf(`PUT /api/v1/store/${store._id}/interfaces`)).toEqual([
        { interface1: { status: false } },
      ]),
    );

    await userEvent.click(within(card).getByRole('checkbox', { name: /Review and social links/ }));
    await waitFor(() =>
      expect(within(card).queryByText(/All interfaces are disabled/)).not.toBeInTheDocument(),
    );
    expect(api.bodiesOf(`PUT /api/v1/store/${store._id}/interfaces`)[1]).toEqual({
      interface3: { status: true },
    });
  });

  it('puts a refused toggle back and shows the server message', async () => {
    const store = storeFixture({ name: 'Soho' });
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      [`PUT /api/v1/store/${store._id}/interfaces`]: () => jsonResponse(404, { message: 'Store not found' }),
    });
    renderApp(paths.business.interfaceSettings.path, { token: 't' });
    const card = await screen.findByRole('article', { name: 'Soho interfaces' }, { timeout: 5000 });
    const social = within(card).getByRole('checkbox', { name: /Review and social links/ });
    await userEvent.click(social);
    expect(await screen.findByText('Store not found')).toBeInTheDocument();
    await waitFor(() => expect(social).toBeChecked());
  });

  it('sends a business without stores to Manage Stores', async () => {
    mockFetch({ 'GET /api/v1/store': () => jsonResponse(200, { stores: [] }) });
    renderApp(paths.business.interfaceSettings.path, { token: 't' });
    expect(
      await screen.findByRole('link', { name: 'Go to Manage Stores' }, { timeout: 5000 }),
    ).toHaveAttribute('href', paths.business.manageStores.path);
  });
});
