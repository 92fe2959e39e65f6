// Import rota (from /rota): choose a file, see the mapping, unknown people and per-row errors, remap, confirm.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRotaImportResult, TRotaWeek } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

afterEach(() => toaster.remove());

const store = storeFixture({ name: 'Covent Garden', timeZone: 'Europe/London' });
const IMPORT = 'POST /api/v1/rota/import';
const WEEK: TRotaWeek = {
  store: { _id: store._id, name: store.name, timeZone: store.timeZone },
  staff: [
    {
      _id: '64b7f0c2a1b2c3d4e5f6a001',
      name: 'Olivia Bennett',
      photo: null,
      role: '',
      active: true,
      worksHere: true,
    },
  ],
  weekStart: '2025-06-02',
  days: ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08'],
  shifts: [],
};

function result(over: Partial<TRotaImportResult> = {}): TRotaImportResult {
  return {
    dryRun: true,
    applied: false,
    message: 'Preview: nothing was written. Check the rows, then confirm.',
    format: 'csv',
    store: WEEK.store,
    headers: ['Employee', 'Date', 'Start Time', 'End Time'],
    mapping: {
      name: 'Employee',
      firstName: null,
      lastName: null,
      email: null,
      date: 'Date',
      start: 'Start Time',
      end: 'End Time',
      location: null,
    },
    dateOrder: 'ymd',
    mappingProblem: null,
    totals: { rows: 2, new: 1, added: 0, unchanged: 0, errors: 1 },
    unknownStaff: [{ person: 'Nobody Known', lines: [3] }],
    rows: [
      {
        line: 2,
        person: 'Olivia Bennett',
        staff: { _id: WEEK.staff[0]!._id, name: 'Olivia Bennett' },
        date: '2025-06-02',
        start: '09:00',
        end: '17:00',
        status: 'new',
        errors: [],
      },
      {
        line: 3,
        person: 'Nobody Known',
        staff: null,
        date: '2025-06-02',
        start: '09:00',
        end: '12:00',
        status: 'error',
        errors: [{ field: 'person', message: 'Nobody called Nobody Known works for this business' }],
      },
    ],
    ...over,
  };
}

const csv = () => new File(['Employee,Date,Start Time,End Time\n'], 'rota.csv', { type: 'text/csv' });
const form = (init: RequestInit) => init.body as FormData;

describe('Import rota', () => {
  it('previews rows with errors and unknown staff, remaps a column, then adds the good shifts', async () => {
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/rota': () => jsonResponse(200, WEEK),
      [IMPORT]: ({ init }) => {
        const body = form(init);
        if (body.get('dryRun') === 'false') {
          return jsonResponse(
            200,
            result({
              dryRun: false,
              applied: true,
              message: 'Imported 1 shift; 1 row skipped.',
              totals: { rows: 2, new: 0, added: 1, unchanged: 0, errors: 1 },
            }),
          );
        }
        return jsonResponse(200, result());
      },
    });
    renderApp(paths.business.rota.path, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Import rota' }, { timeout: 15000 }));
    const dialog = await screen.findByRole('dialog', { name: /Import rota · Covent Garden/ });
    await userEvent.upload(within(dialog).getByLabelText('CSV or .ics file'), csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));

    expect(await within(dialog).findByTestId('import-totals')).toHaveTextContent(
      '2 rows: 1 to add, 0 already on the rota, 1 skipped',
    );
    expect(within(dialog).getByTestId('unknown-staff')).toHaveTextContent('Nobody Known — line 3');
    const rows = within(dialog).getByRole('table', { name: 'Import rows' });
    expect(
      within(rows).getByText('Person: Nobody called Nobody Known works for this business'),
    ).toBeInTheDocument();
    expect(within(rows).getByText('2025-06-02, 09:00–17:00')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Column for Name' })).toHaveValue('Employee');
    const sent = form(api.callsOf(IMPORT)[0]![1]!);
    expect([sent.get('store'), sent.get('dryRun')]).toEqual([store._id, 'true']);

    // Choosing another column previews again with that mapping.
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Column for Location / store' }),
      'Date',
    );
    await waitFor(() => expect(api.callsOf(IMPORT)).toHaveLength(2));
    expect(JSON.parse(String(form(api.callsOf(IMPORT)[1]![1]!).get('mapping')))).toMatchObject({
      location: 'Date',
      name: 'Employee',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 1 shift' }));
    expect(await within(dialog).findByText('Imported 1 shift; 1 row skipped.')).toBeInTheDocument();
    expect(form(api.callsOf(IMPORT)[2]![1]!).get('dryRun')).toBe('false');
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  }, 60_000);

  it('says what the mapping lacks and offers no confirm; shows a refused file as an error', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [store] }),
      'GET /api/v1/rota': () => jsonResponse(200, WEEK),
      [IMPORT]: () =>
        ++calls === 1
          ? jsonResponse(415, {
              code: 'UNSUPPORTED_MEDIA_TYPE',
              message: 'Please upload a CSV file or an iCalendar (.ics) file',
              fieldErrors: { file: ['Please upload a CSV file or an iCalendar (.ics) file'] },
            })
          : jsonResponse(
              200,
              result({
                totals: { rows: 1, new: 0, added: 0, unchanged: 0, errors: 0 },
                mappingProblem: 'Map a column to the person: a name, first and last name, or an email',
                rows: [],
                unknownStaff: [],
                mapping: {
                  name: null,
                  firstName: null,
                  lastName: null,
                  email: null,
                  date: 'Date',
                  start: 'Start Time',
                  end: 'End Time',
                  location: null,
                },
              }),
            ),
    });
    renderApp(paths.business.rota.path, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Import rota' }, { timeout: 15000 }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(within(dialog).getByLabelText('CSV or .ics file'), csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please upload a CSV file or an iCalendar (.ics) file',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText(/Map a column to the person/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Nothing to add' })).toBeDisabled();
  }, 60_000);
});
