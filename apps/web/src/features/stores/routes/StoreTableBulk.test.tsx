// /manage-stores for a chain: search, sort and select in the table, apply interfaces and hours to many, copy a day, kiosk confirm.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStore } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp, testUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

afterEach(() => toaster.remove());

const page = paths.business.manageStores.path;
const LONDON = '64b7f0c2a1b2c3d4e5f6a001';
const LEEDS = '64b7f0c2a1b2c3d4e5f6a002';
const areas = [
  { _id: LONDON, name: 'London', parent: null },
  { _id: LEEDS, name: 'Leeds', parent: null },
];

function chain(): TStore[] {
  return [
    storeFixture({ name: 'Soho', code: 'LDN-02', area: LONDON }),
    storeFixture({ name: 'Camden', code: 'LDN-01', area: LONDON, timeZone: 'Europe/Dublin' }),
    storeFixture({
      name: 'Briggate',
      code: 'LDS-01',
      area: LEEDS,
      interfaces: {
        interface1: { status: true },
        interface2: { status: false },
        interface3: { status: false },
      },
    }),
  ];
}

function api(stores = chain()) {
  return mockFetch({
    'GET /api/v1/store': () => jsonResponse(200, { stores }),
    'GET /api/v1/areas': () => jsonResponse(200, { areas }),
    'PUT /api/v1/stores/bulk/interfaces': () =>
      jsonResponse(200, { message: 'Interfaces updated at 2 stores', changed: [], unchanged: [] }),
    'PUT /api/v1/stores/bulk/opening-hours': () =>
      jsonResponse(200, { message: 'Opening hours applied at 3 stores', changed: [], unchanged: [] }),
  });
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Stores' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label'));

describe('/manage-stores table', () => {
  it('searches by name, code or area and sorts by any column both ways', async () => {
    api();
    renderApp(page, { token: 't' });
    await screen.findByRole('row', { name: 'Soho' }, { timeout: 15_000 });
    expect(rowNames()).toEqual(['Briggate', 'Camden', 'Soho']);
    const briggate = screen.getByRole('row', { name: 'Briggate' });
    expect(within(briggate).getByText('LDS-01')).toBeInTheDocument();
    expect(await within(briggate).findByText('Leeds')).toBeInTheDocument();
    expect(within(briggate).getByText('Rate staff')).toBeInTheDocument();

    // jsdom shows the phone layout: the sort control above the stacked rows (the column headers sort from md).
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    await userEvent.selectOptions(sortBy, 'code:asc');
    expect(rowNames()).toEqual(['Camden', 'Soho', 'Briggate']);
    await userEvent.selectOptions(sortBy, 'code:desc');
    expect(rowNames()).toEqual(['Briggate', 'Soho', 'Camden']);
    await userEvent.selectOptions(sortBy, 'interfaces:asc');
    expect(rowNames()[0]).toBe('Briggate');
    await userEvent.selectOptions(sortBy, 'name:asc');

    const search = screen.getByRole('searchbox', { name: 'Search stores' });
    await userEvent.type(search, 'ldn');
    expect(rowNames().sort()).toEqual(['Camden', 'Soho']);
    expect(screen.getByText('2 of 3 stores')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'LEEDS');
    expect(rowNames()).toEqual(['Briggate']);
    await userEvent.clear(search);
    await userEvent.type(search, 'nowhere');
    expect(screen.getByText('No store found')).toBeInTheDocument();
  }, 60_000);

  it('applies interfaces to the selected stores only, and hours to all of them', async () => {
    const stores = chain();
    const calls = api(stores);
    renderApp(page, { token: 't' });
    const soho = await screen.findByRole('row', { name: 'Soho' }, { timeout: 15_000 });
    await userEvent.click(within(soho).getByRole('checkbox', { name: 'Select Soho' }));
    await userEvent.click(
      within(screen.getByRole('row', { name: 'Camden' })).getByRole('checkbox', { name: 'Select Camden' }),
    );
    expect(screen.getByText(/2 selected/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Set interfaces…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set interfaces for many stores' });
    expect(within(dialog).getByRole('radio', { name: 'The selected stores (2)' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Review and social links' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply to 2 stores' }));
    expect(await screen.findByText('Interfaces updated at 2 stores')).toBeInTheDocument();
    const body = calls.bodiesOf('PUT /api/v1/stores/bulk/interfaces')[0] as {
      stores: string[];
      interfaces: Record<string, { status: boolean }>;
    };
    const [first, second] = stores;
    expect(body.stores.sort()).toEqual([first!._id, second!._id].sort());
    expect(body.interfaces).toEqual({
      interface1: { status: true },
      interface2: { status: true },
      interface3: { status: false },
    });

    // Hours: switch the target to every store.
    await userEvent.click(screen.getByRole('button', { name: 'Set opening hours…' }));
    const hours = await screen.findByRole('dialog', { name: 'Set opening hours for many stores' });
    await userEvent.click(within(hours).getByRole('radio', { name: 'All stores (3)' }));
    const open = within(hours).getByLabelText('Monday opening time');
    await userEvent.clear(open);
    await userEvent.type(open, '07:30');
    await userEvent.click(within(hours).getByRole('button', { name: 'Apply to 3 stores' }));
    await screen.findByText('Opening hours applied at 3 stores');
    const sent = calls.bodiesOf('PUT /api/v1/stores/bulk/opening-hours')[0] as {
      stores: string[];
      openingHours: Array<{ day: number; open: string }>;
    };
    expect(sent.stores).toHaveLength(3);
    expect(sent.openingHours.find((d) => d.day === 1)!.open).toBe('07:30');
  }, 60_000);

  it("copies one day's hours to every other day, and checks the week before sending", async () => {
    const calls = api();
    renderApp(page, { token: 't' });
    await screen.findByRole('row', { name: 'Soho' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Set opening hours for all…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set opening hours for many stores' });
    const close = within(dialog).getByLabelText('Tuesday closing time');
    await userEvent.clear(close);
    await userEvent.type(close, '21:15');
    await userEvent.click(within(dialog).getByRole('button', { name: "Copy to all days: Tuesday's hours" }));
    for (const day of ['Monday', 'Wednesday', 'Saturday', 'Sunday']) {
      expect(within(dialog).getByLabelText(`${day} closing time`)).toHaveValue('21:15');
      expect(within(dialog).getByLabelText(`${day} closing time`)).toBeEnabled();
    }
    const open = within(dialog).getByLabelText('Friday opening time');
    await userEvent.clear(open);
    await userEvent.type(open, '22:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply to 3 stores' }));
    expect(within(dialog).getByText('Friday: Closing time must be after opening time')).toBeInTheDocument();
    expect(calls.callsOf('PUT /api/v1/stores/bulk/opening-hours')).toHaveLength(0);
  }, 60_000);

  it('hides the bulk actions from a viewer', async () => {
    api();
    renderApp(page, { token: 't', user: { ...testUser, role: 'viewer' } });
    await screen.findByRole('row', { name: 'Soho' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /Set interfaces/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Set opening hours/ })).not.toBeInTheDocument();
  });

  it('names each row’s icon actions for its store, each with its tooltip, and reads a time zone whole', async () => {
    api([storeFixture({ name: 'Soho', area: LONDON, timeZone: 'America/Argentina/Buenos_Aires' })]);
    renderApp(page, { token: 't' });
    const soho = await screen.findByRole('row', { name: 'Soho' }, { timeout: 15_000 });
    for (const [name, tooltip] of [
      ['Edit Soho', 'Edit'],
      ['Delete Soho', 'Delete'],
      ['More actions for Soho', 'More actions'],
    ] as const) {
      const button = within(soho).getByRole('button', { name });
      expect(button).toHaveAttribute('title', tooltip);
      expect(button.textContent).toBe('');
    }
    // A narrow column breaks it after a slash or an underscore only; it is still one name.
    const zone = within(soho).getByText('America/Argentina/Buenos_Aires');
    expect(zone.querySelectorAll('wbr')).toHaveLength(3);
    expect(await within(soho).findByText('London')).toBeInTheDocument();
  });

  it('opens the preview in a new tab, and asks before turning this device into a kiosk', async () => {
    const stores = chain();
    api(stores);
    renderApp(page, { token: 't' });
    const soho = await screen.findByRole('row', { name: 'Soho' }, { timeout: 15_000 });
    await userEvent.click(within(soho).getByRole('button', { name: 'More actions for Soho' }));
    const preview = await screen.findByRole('menuitem', { name: /Preview as a customer/ });
    expect(preview).toHaveAttribute('target', '_blank');
    expect(preview).toHaveAttribute('href', `/rate-staff?store=${stores[0]!._id}&preview=1`);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Open a store for reviews' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Turn this device into a kiosk?' });
    expect(within(confirm).getByText(/this device becomes its review kiosk/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Select Store' })).not.toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Select Store' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open a store for reviews' }));
    const again = await screen.findByRole('alertdialog', { name: 'Turn this device into a kiosk?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Yes, make this a kiosk' }));
    expect(
      await screen.findByRole('dialog', { name: 'Select Store' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  }, 60_000);
});
