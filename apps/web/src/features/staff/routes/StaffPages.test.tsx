// /manage-staff (search, filters, add, deactivate) and /staff-on-shift (who is working now, per store).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStaff } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { shiftFixture, storeFixture } from '@/testing/store-fixtures';

afterEach(() => toaster.remove());

const covent = storeFixture({ name: 'Covent Garden' });
const soho = storeFixture({ name: 'Soho' });

function member(overrides: Partial<TStaff>): TStaff {
  return {
    _id: '64b7f0c2a1b2c3d4e5f6c001',
    name: 'Olivia Bennett',
    photo: null,
    role: 'Store Manager',
    email: null,
    stores: [{ _id: covent._id, name: covent.name }],
    active: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('/manage-staff', () => {
  it('sends the search, store and status filters to the API and lists the answer', async () => {
    const olivia = member({});
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [covent, soho] }),
      'GET /api/v1/staff': ({ url }) =>
        jsonResponse(200, { staff: url.searchParams.get('q') === 'zed' ? [] : [olivia] }),
    });
    renderApp(paths.business.manageStaff.path, { token: 't' });
    const row = await screen.findByRole('listitem', { name: 'Olivia Bennett' }, { timeout: 5000 });
    expect(within(row).getByText('Store Manager')).toBeInTheDocument();
    expect(within(row).getByText('Covent Garden')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), soho._id);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zed');
    expect(await screen.findByText('No staff match these filters.')).toBeInTheDocument();
    const last = api.queriesOf('GET /api/v1/staff').at(-1)!;
    expect(Object.fromEntries(last)).toEqual({ q: 'zed', store: soho._id, status: 'inactive' });
  }, 20_000);

  it('adds a person to the chosen store and shows them after the list refreshes', async () => {
    let staff: TStaff[] = [];
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [covent, soho] }),
      'GET /api/v1/staff': () => jsonResponse(200, { staff }),
      'POST /api/v1/staff/create': ({ init }) => {
        const body = JSON.parse(String(init.body)) as { name: string; role: string };
        const made = member({ name: body.name, role: body.role, stores: [{ _id: soho._id, name: 'Soho' }] });
        staff = [made];
        return jsonResponse(201, { message: `${made.name} added`, staff: made });
      },
    });
    renderApp(paths.business.manageStaff.path, { token: 't' });
    await screen.findByText('No staff yet', {}, { timeout: 5000 });
    await userEvent.click(screen.getAllByRole('button', { name: /Add staff member/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add a staff member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one store')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Mia Chen');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Role/ }), 'Barista');
    // The work email a rota import matches by: checked before sending, sent lower-cased.
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'mia@');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Soho' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.callsOf('POST /api/v1/staff/create')).toHaveLength(0);
    await userEvent.type(email, 'Chain.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByRole('listitem', { name: 'Mia Chen' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/staff/create')).toEqual([
      { name: 'Mia Chen', role: 'Barista', email: 'mia@chain.example', stores: [soho._id], active: true },
    ]);
  }, 20_000);

  it('with only one store to choose from, shows it fixed and adds the person there', async () => {
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [covent] }),
      'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
      'POST /api/v1/staff/create': () =>
        jsonResponse(201, { message: 'Mia Chen added', staff: member({ name: 'Mia Chen' }) }),
    });
    renderApp(paths.business.manageStaff.path, { token: 't' });
    await screen.findByText('No staff yet', {}, { timeout: 5000 });
    await userEvent.click(screen.getAllByRole('button', { name: /Add staff member/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add a staff member' });
    expect(within(dialog).getByText('Store: Covent Garden')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Covent Garden' })).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Mia Chen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/v1/staff/create')).toHaveLength(1));
    expect(api.bodiesOf('POST /api/v1/staff/create')[0]).toMatchObject({
      name: 'Mia Chen',
      stores: [covent._id],
    });
  }, 20_000);

  it('deactivates with one click and says so', async () => {
    let olivia = member({});
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [covent] }),
      'GET /api/v1/staff': () => jsonResponse(200, { staff: [olivia] }),
      [`PUT /api/v1/staff/${olivia._id}`]: () => {
        olivia = { ...olivia, active: false };
        return jsonResponse(200, { message: 'Olivia Bennett deactivated', staff: olivia });
      },
    });
    renderApp(paths.business.manageStaff.path, { token: 't' });
    const row = await screen.findByRole('listitem', { name: 'Olivia Bennett' }, { timeout: 5000 });
    await userEvent.click(within(row).getByRole('button', { name: /Deactivate/ }));
    expect(await screen.findByText('Olivia Bennett deactivated')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Inactive')).toBeInTheDocument());
    expect(api.bodiesOf(`PUT /api/v1/staff/${olivia._id}`)).toEqual([{ active: false }]);
  });

  it('asks for a store first when the business has none', async () => {
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
      'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
    });
    renderApp(paths.business.manageStaff.path, { token: 't' });
    expect(await screen.findByText('Add a store first', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Add staff member/ })[0]).toBeDisabled();
  });
});

describe('/staff-on-shift', () => {
  it('lists who is on shift per store with their local shift times, and says when nobody is', async () => {
    const shift = shiftFixture({ _id: '64b7f0c2a1b2c3d4e5f6d001', store: covent._id, staff: 'x' });
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [covent, soho] }),
      'GET /api/v1/rota/on-shift': () =>
        jsonResponse(200, {
          at: '2025-06-02T12:00:00.000Z',
          stores: [
            {
              _id: covent._id,
              name: 'Covent Garden',
              image: null,
              timeZone: 'Europe/London',
              localDay: '2025-06-02',
              localTime: '13:00',
              staff: [{ _id: 'x', name: 'Olivia Bennett', photo: null, role: 'Store Manager', shift }],
            },
            {
              _id: soho._id,
              name: 'Soho',
              image: null,
              timeZone: 'Europe/London',
              localDay: '2025-06-02',
              localTime: '13:00',
              staff: [],
            },
          ],
        }),
    });
    renderApp(paths.business.staffOnShift.path, { token: 't' });
    const covCard = await screen.findByRole(
      'article',
      { name: 'On shift at Covent Garden' },
      { timeout: 5000 },
    );
    const list = within(covCard).getByRole('list', { name: 'Staff on shift at Covent Garden' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Olivia Bennett')).toBeInTheDocument();
    expect(within(list).getByText('09:00–17:00')).toBeInTheDocument();
    expect(within(covCard).getByText('Local time 13:00 (Europe/London)')).toBeInTheDocument();
    const sohoCard = screen.getByRole('article', { name: 'On shift at Soho' });
    expect(within(sohoCard).getByText('Nobody is on shift right now.')).toBeInTheDocument();
  });
});
