// /manage-stores/structure against a mocked API: the tree, its states, add/rename/delete (409 shown), moves by menu
// (keyboard) and by drag and drop, bulk assign, and a manager who sees no edit controls.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AREA_MESSAGES, type TArea, type TStore } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp, testUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => act(() => toaster.remove()));

const page = paths.business.structure.path;
const ROOT = '64b7f0c2a1b2c3d4e5f6b001';
const UK = '64b7f0c2a1b2c3d4e5f6a001';
const US = '64b7f0c2a1b2c3d4e5f6a002';
const LONDON = '64b7f0c2a1b2c3d4e5f6a003';

/** A small chain: Ada Coffee › UK › London, and US; two stores in London, one under the top area. */
function world() {
  const areas: TArea[] = [
    { _id: ROOT, name: 'Ada Coffee', parent: null },
    { _id: UK, name: 'UK', parent: ROOT, settings: { timeZone: 'Europe/London' } },
    { _id: US, name: 'US', parent: ROOT },
    { _id: LONDON, name: 'London', parent: UK },
  ];
  const stores: TStore[] = [
    storeFixture({ name: 'Soho', area: LONDON }),
    storeFixture({ name: 'Camden', area: LONDON }),
    storeFixture({ name: 'Brooklyn', area: ROOT }),
  ];
  const storeRoutes = Object.fromEntries(
    stores.map((s) => [
      `PUT /api/v1/store/${s._id}`,
      ({ init }: { init: RequestInit }) => {
        Object.assign(s, JSON.parse(String(init.body)));
        return jsonResponse(200, { message: 'Store updated', store: s });
      },
    ]),
  );
  const areaRoutes = Object.fromEntries(
    areas.flatMap((a) => [
      [
        `PATCH /api/v1/areas/${a._id}`,
        ({ init }: { init: RequestInit }) => {
          Object.assign(a, JSON.parse(String(init.body)));
          return jsonResponse(200, a);
        },
      ],
      [
        `DELETE /api/v1/areas/${a._id}`,
        () => jsonResponse(409, { message: AREA_MESSAGES.notEmpty, code: 'AREA_NOT_EMPTY' }),
      ],
    ]),
  );
  const api = mockFetch({
    'GET /api/v1/areas': () => jsonResponse(200, { areas }),
    'GET /api/v1/store': () => jsonResponse(200, { stores }),
    'POST /api/v1/areas': ({ init }) => {
      const body = JSON.parse(String(init.body)) as { name: string; parent: string };
      const area = { _id: '64b7f0c2a1b2c3d4e5f6a099', name: body.name, parent: body.parent };
      areas.push(area);
      return jsonResponse(201, area);
    },
    ...storeRoutes,
    ...areaRoutes,
  });
  return { api, areas, stores };
}

/** Opens a "Move to…" menu from the keyboard and picks `target` with the arrow keys and Enter; returns the menu. */
async function chooseFromMenu(trigger: HTMLElement, target: string) {
  trigger.focus();
  await userEvent.keyboard('{ArrowDown}');
  const menu = await screen.findByRole('menu');
  const option = within(menu).getByRole('menuitem', { name: target });
  await waitFor(() =>
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .some((i) => i.hasAttribute('data-highlighted')),
    ).toBe(true),
  );
  for (let i = 0; i < 20 && !option.hasAttribute('data-highlighted'); i++)
    await userEvent.keyboard('{ArrowDown}');
  await userEvent.keyboard('{Enter}');
  return menu;
}

const item = (name: string) => screen.findByRole('listitem', { name });
describe('/manage-stores/structure', () => {
  it('shows a skeleton while loading, then the tree: top area › regions › districts › stores', async () => {
    const held = deferred<Response>();
    const { areas } = world();
    mockFetch({
      'GET /api/v1/areas': () => held.promise,
      'GET /api/v1/store': () =>
        jsonResponse(200, { stores: [storeFixture({ name: 'Soho', area: LONDON })] }),
    });
    renderApp(page, { token: 't' });
    expect(
      await screen.findByRole('status', { name: 'Loading the structure' }, { timeout: 5000 }),
    ).toBeVisible();
    held.resolve(jsonResponse(200, { areas }));
    const london = await item('London');
    expect(within(await item('UK')).getByRole('listitem', { name: 'London' })).toBe(london);
    expect(within(london).getByRole('listitem', { name: 'Soho' })).toBeInTheDocument();
    expect(screen.getByTestId(`area-row-${ROOT}`)).toHaveTextContent('1 store');
    expect(screen.getByRole('link', { name: /stores/i })).toHaveAttribute(
      'href',
      paths.business.manageStores.path,
    );
  });

  it('offers to add the first area when there are no areas or stores', async () => {
    mockFetch({
      'GET /api/v1/areas': () =>
        jsonResponse(200, { areas: [{ _id: ROOT, name: 'Ada Coffee', parent: null }] }),
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
    });
    renderApp(page, { token: 't' });
    expect(await screen.findByText('No areas or stores yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add area' }).length).toBeGreaterThan(0);
  });

  it('shows the server message and a retry when the tree cannot load', async () => {
    let healthy = false;
    const { areas } = world();
    mockFetch({
      'GET /api/v1/areas': () =>
        healthy ? jsonResponse(200, { areas }) : jsonResponse(500, { message: 'Database unavailable' }),
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
    });
    renderApp(page, { token: 't' });
    expect(await screen.findByText('Database unavailable', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Could not load your structure')).toBeInTheDocument();
    healthy = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await item('London')).toBeInTheDocument();
  });

  it('adds an area inside another, checking the name with the contract message first', async () => {
    const { api } = world();
    renderApp(page, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add an area in UK' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an area in UK' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add area' }));
    expect(within(dialog).getByText(AREA_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(api.callsOf('POST /api/v1/areas')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /area name/i }), 'Manchester');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add area' }));
    expect(within(await item('UK')).getByRole('listitem', { name: 'Manchester' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/areas')[0]).toEqual({ name: 'Manchester', parent: UK });
  });

  it('renames an area', async () => {
    const { api } = world();
    renderApp(page, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename London' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename London' });
    const name = within(dialog).getByRole('textbox', { name: /area name/i });
    await userEvent.clear(name);
    await userEvent.type(name, 'Greater London');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await item('Greater London')).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH /api/v1/areas/${LONDON}`)[0]).toEqual({ name: 'Greater London' });
  });

  it('shows the server refusal when deleting an area that still holds stores', async () => {
    world();
    renderApp(page, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete London' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete London?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete area' }));
    expect(await within(confirm).findByText(AREA_MESSAGES.notEmpty)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await item('London')).toBeInTheDocument();
  });

  it('moves an area with the keyboard through its "Move to…" menu', async () => {
    const { api } = world();
    renderApp(page, { token: 't' });
    const menu = await chooseFromMenu(await screen.findByRole('button', { name: 'Move London to…' }), 'US');
    // Not into itself, nor where it already is.
    expect(within(menu).queryByRole('menuitem', { name: 'London' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'UK' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'US' })).getByRole('listitem', { name: 'London' }),
      ).toBeInTheDocument(),
    );
    expect(api.bodiesOf(`PATCH /api/v1/areas/${LONDON}`)[0]).toEqual({ parent: US });
    expect(await screen.findByText('Moved London to US')).toBeInTheDocument();
  });

  it('moves a store by dragging it onto an area', async () => {
    const { api, stores } = world();
    renderApp(page, { token: 't' });
    const soho = await item('Soho');
    const usRow = screen.getByTestId(`area-row-${US}`);
    fireEvent.dragStart(soho);
    fireEvent.dragEnter(usRow);
    fireEvent.dragOver(usRow);
    fireEvent.drop(usRow);
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'US' })).getByRole('listitem', { name: 'Soho' }),
      ).toBeInTheDocument(),
    );
    expect(api.bodiesOf(`PUT /api/v1/store/${stores[0]!._id}`)[0]).toEqual({ area: US });
  });

  it('moves several selected stores to one area at once', async () => {
    const { api, stores } = world();
    renderApp(page, { token: 't' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Soho' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Brooklyn' }));
    const bar = screen.getByRole('region', { name: 'Selected stores' });
    expect(bar).toHaveTextContent('2 stores selected');
    await chooseFromMenu(within(bar).getByRole('button', { name: 'Move to area' }), 'US');
    expect(await screen.findByText('Moved 2 stores to US')).toBeInTheDocument();
    const us = screen.getByRole('listitem', { name: 'US' });
    expect(within(us).getByRole('listitem', { name: 'Soho' })).toBeInTheDocument();
    expect(within(us).getByRole('listitem', { name: 'Brooklyn' })).toBeInTheDocument();
    expect(api.bodiesOf(`PUT /api/v1/store/${stores[0]!._id}`)).toEqual([{ area: US }]);
    expect(api.bodiesOf(`PUT /api/v1/store/${stores[2]!._id}`)).toEqual([{ area: US }]);
    expect(screen.queryByRole('region', { name: 'Selected stores' })).not.toBeInTheDocument();
  });

  it('shows a manager the tree without any edit control', async () => {
    world();
    renderApp(page, { token: 't', user: { ...testUser, role: 'manager' } });
    expect(await item('London')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add area|rename|delete|move/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Soho' })).not.toHaveAttribute('draggable', 'true');
  });

  it("edits an area's settings: shows what it inherits and from where, and sends what it sets itself", async () => {
    const { api } = world();
    renderApp(page, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Settings of London' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of London' });
    expect(within(dialog).getByTestId('inherited-time zone')).toHaveTextContent(
      'Inherited from UK: Europe/London',
    );
    expect(within(dialog).getByTestId('inherited-interval')).toHaveTextContent('Default: 60 minutes');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Use the interval of the areas above' }),
    );
    const minutes = within(dialog).getByRole('spinbutton', { name: /minutes before/i });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '5000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(within(dialog).getByText(AREA_MESSAGES.interval)).toBeInTheDocument();
    expect(api.callsOf(`PATCH /api/v1/areas/${LONDON}`)).toHaveLength(0);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved the settings of London')).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH /api/v1/areas/${LONDON}`)[0]).toEqual({
      settings: { timeZone: null, openingHours: null, minRatingIntervalMinutes: 15, languages: null },
    });
  });
});
