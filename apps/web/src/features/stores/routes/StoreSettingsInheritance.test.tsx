// The store form's inherited settings: "Inherited from London" with a toggle to set the store's own, and back.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => act(() => toaster.remove()));

const ROOT = '64b7f0c2a1b2c3d4e5f6b001';
const LONDON = '64b7f0c2a1b2c3d4e5f6a003';
const areas = [
  { _id: ROOT, name: 'Ada Coffee', parent: null, settings: {} },
  { _id: LONDON, name: 'London', parent: ROOT, settings: { timeZone: 'Europe/London' } },
];

function withStore(overrides: Parameters<typeof storeFixture>[0]) {
  const store = storeFixture({ name: 'Soho', area: LONDON, ...overrides });
  const api = mockFetch({
    'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
    'GET /api/v1/areas': () => jsonResponse(200, { areas }),
    [`PUT /api/v1/store/${store._id}`]: () => jsonResponse(200, { message: 'Store updated', store }),
  });
  return { api, store };
}

async function openEdit() {
  renderApp(paths.business.manageStores.path, { token: 't' });
  const card = await screen.findByRole('row', { name: 'Soho' });
  await userEvent.click(within(card).getByRole('button', { name: /edit/i }));
  return screen.findByRole('dialog', { name: 'Edit Soho' });
}

describe('store form: inherited settings', () => {
  it('shows where an inherited time zone comes from, and sets the store its own when the toggle is turned off', async () => {
    const { api, store } = withStore({ timeZone: 'Europe/London', inherited: { timeZone: LONDON } });
    const dialog = await openEdit();
    expect(await within(dialog).findByText('Inherited from London: Europe/London')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /time zone/i })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: "Use the area's time zone" }));
    const zone = within(dialog).getByRole('combobox', { name: /time zone/i });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Dublin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Store updated');
    const body = api.bodiesOf(`PUT /api/v1/store/${store._id}`)[0] as Record<string, unknown>;
    expect(body).toMatchObject({ timeZone: 'Europe/Dublin', inherit: [] });
  });

  it("hands a store's own opening hours back to its area", async () => {
    const { api, store } = withStore({
      openingHours: [{ day: 1, open: '07:00', close: '15:00', closed: false }],
    });
    const dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: "Use the area's opening hours" }));
    expect(within(dialog).queryByRole('textbox', { name: 'Monday opening time' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Store updated');
    const body = api.bodiesOf(`PUT /api/v1/store/${store._id}`)[0] as Record<string, unknown>;
    expect(body.inherit).toEqual(['openingHours']);
    expect(body).not.toHaveProperty('openingHours');
  });
});
