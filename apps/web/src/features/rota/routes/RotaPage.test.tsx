// /rota: the week grid, adding a shift, the overlap refusal shown inline, week paging and "copy last week".
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRotaWeek, TShift } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { addDays } from '../api/rota';
import { mockFetch } from '@/testing/mock-api';
import { usePhoneViewport } from '@/testing/phone-viewport';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { shiftFixture, storeFixture } from '@/testing/store-fixtures';

afterEach(() => toaster.remove());

const store = storeFixture({ name: 'Covent Garden', timeZone: 'Europe/London' });
const OLIVIA = '64b7f0c2a1b2c3d4e5f6a001';
const HARRY = '64b7f0c2a1b2c3d4e5f6a002';

const shift: TShift = shiftFixture({ _id: '64b7f0c2a1b2c3d4e5f6b001', store: store._id, staff: OLIVIA });

function week(weekStart = '2025-06-02'): TRotaWeek {
  return {
    store: { _id: store._id, name: store.name, timeZone: store.timeZone },
    staff: [
      { _id: HARRY, name: 'Harry Clarke', photo: null, role: 'Cashier', active: true, worksHere: true },
      { _id: OLIVIA, name: 'Olivia Bennett', photo: null, role: 'Manager', active: true, worksHere: true },
    ],
    weekStart,
    days: Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)),
    shifts: weekStart === '2025-06-02' ? [shift] : [],
  };
}

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
    'GET /api/v1/rota': ({ url }) =>
      jsonResponse(200, week(url.searchParams.get('week') === '2025-06-09' ? '2025-06-09' : '2025-06-02')),
    ...extra,
  });
}

describe('/rota', () => {
  it("shows one row per person and each shift in its day's cell", async () => {
    api();
    renderApp(paths.business.rota.path, { token: 't' });
    const grid = await screen.findByRole('table', { name: 'Rota for Covent Garden' }, { timeout: 5000 });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Staff',
      'Mon 2 Jun',
      'Tue 3 Jun',
      'Wed 4 Jun',
      'Thu 5 Jun',
      'Fri 6 Jun',
      'Sat 7 Jun',
      'Sun 8 Jun',
    ]);
    const cell = screen.getByTestId(`cell-${OLIVIA}-2025-06-02`);
    expect(
      within(cell).getByRole('button', { name: /09:00–17:00, Olivia Bennett, Mon 2 Jun/ }),
    ).toHaveTextContent('09:00–17:00');
    expect(screen.getByText('Week of Mon 2 Jun – Sun 8 Jun')).toBeInTheDocument();
  });

  it('adds a shift, and shows an overlap refusal inside the dialog without closing it', async () => {
    const overlap =
      'Harry Clarke already has a shift at Soho on Tue 3 Jun, 08:00–12:00, which overlaps this one.';
    const calls = api({
      'POST /api/v1/rota/shifts': ({ calls: n }) =>
        n === 1
          ? jsonResponse(409, { message: overlap, code: 'SHIFT_OVERLAP', fieldErrors: { start: [overlap] } })
          : jsonResponse(201, {
              message: 'Shift added',
              shift: { ...shift, _id: '64b7f0c2a1b2c3d4e5f6b002', staff: HARRY },
            }),
    });
    renderApp(paths.business.rota.path, { token: 't' });
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Add shift for Harry Clarke on Tue 3 Jun' },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add shift' });
    const start = within(dialog).getByLabelText(/Start/);
    await userEvent.clear(start);
    await userEvent.type(start, '10:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(overlap);
    expect(calls.bodiesOf('POST /api/v1/rota/shifts')[0]).toEqual({
      store: store._id,
      staff: HARRY,
      date: '2025-06-03',
      start: '10:00',
      end: '17:00',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add shift' })).not.toBeInTheDocument());
    expect(await screen.findByText('Shift added')).toBeInTheDocument();
  }, 20_000);

  it('says when a shift ends the next day', async () => {
    api();
    renderApp(paths.business.rota.path, { token: 't' });
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Add shift for Harry Clarke on Fri 6 Jun' },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add shift' });
    const end = within(dialog).getByLabelText(/End/);
    await userEvent.clear(end);
    await userEvent.type(end, '02:00');
    expect(within(dialog).getByText('Ends the next day')).toBeInTheDocument();
  });

  it('pages to the next week and copies last week, listing what was skipped', async () => {
    const calls = api({
      'POST /api/v1/rota/copy-week': () =>
        jsonResponse(200, {
          message: 'Copied 1 shift from the week of Mon 2 Jun; 1 skipped.',
          created: 1,
          skipped: [
            {
              staffName: 'Mia Chen',
              day: '2025-06-10',
              reason: 'Mia Chen is deactivated. Reactivate them before adding shifts.',
            },
          ],
          shifts: [],
        }),
    });
    renderApp(paths.business.rota.path, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Next week' }, { timeout: 5000 }));
    expect(await screen.findByText('Week of Mon 9 Jun – Sun 15 Jun')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Copy last week/ }));
    expect(
      await screen.findByText('Copied 1 shift from the week of Mon 2 Jun; 1 skipped.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Mia Chen, Tue 10 Jun: Mia Chen is deactivated. Reactivate them before adding shifts.',
      ),
    ).toBeInTheDocument();
    expect(calls.bodiesOf('POST /api/v1/rota/copy-week')).toEqual([{ store: store._id, week: '2025-06-09' }]);
  });

  it('moves a shift by drag and drop, and keeps an overlap refusal on the page', async () => {
    const refusal =
      'Harry Clarke already has a shift at Soho on Wed 4 Jun, 08:00–12:00, which overlaps this one.';
    const calls = api({
      [`PUT /api/v1/rota/shifts/${shift._id}`]: () => jsonResponse(409, { message: refusal }),
    });
    renderApp(paths.business.rota.path, { token: 't' });
    const chip = await screen.findByRole('button', { name: /Olivia Bennett, Mon 2 Jun/ }, { timeout: 5000 });
    const data = new Map<string, string>();
    const dataTransfer = {
      types: [] as string[],
      setData: (type: string, value: string) => {
        data.set(type, value);
        dataTransfer.types.push(type);
      },
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(chip, { dataTransfer });
    const target = screen.getByTestId(`cell-${HARRY}-2025-06-04`);
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(calls.bodiesOf(`PUT /api/v1/rota/shifts/${shift._id}`)).toEqual([
      { staff: HARRY, date: '2025-06-04' },
    ]);
  });
});

describe('/rota on a phone', () => {
  usePhoneViewport();

  it('shows one section per day, each shift as a row, and says when a day has none', async () => {
    api();
    renderApp(paths.business.rota.path, { token: 't' });
    const monday = await screen.findByRole('region', { name: 'Monday 2 June' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Monday 2 June',
      'Tuesday 3 June',
      'Wednesday 4 June',
      'Thursday 5 June',
      'Friday 6 June',
      'Saturday 7 June',
      'Sunday 8 June',
    ]);
    const row = within(monday).getByRole('button', {
      name: '09:00–17:00, Olivia Bennett, Mon 2 Jun. Edit or move shift',
    });
    expect(row).toHaveTextContent('09:00–17:00 Olivia Bennett');
    expect(within(monday).queryByText('No shifts')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Tuesday 3 June' })).getByText('No shifts'),
    ).toBeInTheDocument();
    // Nothing to drag on a phone: the page says how a shift is moved there.
    expect(screen.getByText(/tap a shift to change or move it/)).toBeInTheDocument();
  });

  it('adds a shift from a day, choosing the person in the dialog', async () => {
    const calls = api({
      'POST /api/v1/rota/shifts': () =>
        jsonResponse(201, {
          message: 'Shift added',
          shift: { ...shift, _id: '64b7f0c2a1b2c3d4e5f6b003', staff: HARRY },
        }),
    });
    renderApp(paths.business.rota.path, { token: 't' });
    const tuesday = await screen.findByRole('region', { name: 'Tuesday 3 June' }, { timeout: 5000 });
    await userEvent.click(within(tuesday).getByRole('button', { name: 'Add shift on Tue 3 Jun' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add shift' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Staff member/ }),
      'Harry Clarke',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add shift' })).not.toBeInTheDocument());
    expect(calls.bodiesOf('POST /api/v1/rota/shifts')).toEqual([
      { store: store._id, staff: HARRY, date: '2025-06-03', start: '09:00', end: '17:00' },
    ]);
  }, 20_000);

  it('opens a shift for editing (and moving) from its row', async () => {
    api();
    renderApp(paths.business.rota.path, { token: 't' });
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: /09:00–17:00, Olivia Bennett, Mon 2 Jun/ },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit shift' });
    expect(within(dialog).getByRole('combobox', { name: /Staff member/ })).toHaveDisplayValue(
      'Olivia Bennett',
    );
  });
});
