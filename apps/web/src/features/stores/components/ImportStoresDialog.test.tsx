// Import stores dialog (from /manage-stores): choose a file, dry-run table, confirm with the plan, errors, template.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStoreImportResult } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp, testUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  toaster.remove();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

const IMPORT = 'POST /api/v1/stores/import';
const csv = () => new File(['code,name,area\nLON-1,Soho,UK > London\n'], 'stores.csv', { type: 'text/csv' });

const dryRun: TStoreImportResult = {
  dryRun: true,
  applied: false,
  message: 'Dry run: nothing was written. Check the rows, then confirm.',
  plan: 'plan-abc',
  totals: { rows: 3, created: 1, changed: 0, moved: 1, unchanged: 1, errors: 0, areasCreated: 2 },
  newAreas: ['UK', 'UK > London'],
  ignoredColumns: ['Manager'],
  rows: [
    {
      line: 2,
      code: 'LON-1',
      name: 'Soho',
      status: 'created',
      changes: [{ field: 'area', from: '', to: 'UK > London' }],
      move: null,
      errors: [],
    },
    {
      line: 3,
      code: 'LON-2',
      name: 'Covent Garden',
      status: 'moved',
      changes: [],
      move: { from: '', to: 'UK' },
      errors: [],
    },
    { line: 4, code: 'LON-3', name: 'Strand', status: 'unchanged', changes: [], move: null, errors: [] },
  ],
};

async function openImport() {
  const button = await screen.findByRole('button', { name: 'Import stores' }, { timeout: 5000 });
  await userEvent.click(button);
  return screen.findByRole('dialog', { name: 'Import stores' });
}

const formOf = (init: RequestInit) => init.body as FormData;

describe('Import stores dialog', () => {
  it('checks the file (dry run), shows what would happen by line, then confirms with the plan and shows totals', async () => {
    const held = deferred<Response>();
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [storeFixture()] }),
      [IMPORT]: ({ init, calls }) => {
        if (calls === 1) return held.promise;
        expect(formOf(init).get('plan')).toBe('plan-abc');
        return jsonResponse(200, {
          ...dryRun,
          dryRun: false,
          applied: true,
          message: 'Imported: 1 created, 0 changed, 1 moved.',
        });
      },
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openImport();
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Checking the file…');
    held.resolve(jsonResponse(200, dryRun));

    const table = await within(dialog).findByRole('table', { name: 'Import rows' });
    // a long dry run scrolls in its own box, which the keyboard reaches (axe: scrollable-region-focusable)
    expect(within(dialog).getByRole('region', { name: 'Import rows, scrollable' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2LON-1 · SohoNew storearea: UK > London');
    expect(rows[1]).toHaveTextContent('Moves from top level to UK');
    expect(within(dialog).getByTestId('import-totals')).toHaveTextContent(
      '3 rows: 1 new, 0 changed, 1 moved, 1 unchanged · 2 new areas',
    );
    expect(within(dialog).getByText('Columns not read: Manager')).toBeInTheDocument();
    const sent = formOf(api.callsOf(IMPORT)[0]![1]!);
    expect([sent.get('dryRun'), (sent.get('file') as File).name]).toEqual(['true', 'stores.csv']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm import' }));
    expect(await within(dialog).findByText('Imported: 1 created, 0 changed, 1 moved.')).toBeInTheDocument();
    expect(formOf(api.callsOf(IMPORT)[1]![1]!).get('dryRun')).toBe('false');
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf('GET /api/v1/store').length).toBeGreaterThan(1));
  });

  it('lists row errors with their line and field, and offers no confirm', async () => {
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
      [IMPORT]: () =>
        jsonResponse(200, {
          ...dryRun,
          totals: { ...dryRun.totals, created: 0, moved: 0, unchanged: 0, errors: 1, rows: 1 },
          rows: [
            {
              line: 7,
              code: 'X-1',
              name: '',
              status: 'error',
              changes: [],
              move: null,
              errors: [{ field: 'timezone', message: 'Choose a valid IANA time zone, e.g. Europe/London' }],
            },
          ],
        }),
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openImport();
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const table = await within(dialog).findByRole('table', { name: 'Import rows' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '7X-1Errortimezone: Choose a valid IANA time zone, e.g. Europe/London',
    );
    expect(within(dialog).getByText(/1 row has errors/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm import' })).toBeDisabled();
  });

  it("shows the server's file message (e.g. not a CSV) and asks for a file before sending", async () => {
    const api = mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
      [IMPORT]: () =>
        jsonResponse(415, {
          message: 'Please upload a CSV file (comma-separated text, saved as UTF-8)',
          fieldErrors: { file: ['Please upload a CSV file (comma-separated text, saved as UTF-8)'] },
        }),
    });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openImport();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a CSV file to import');
    expect(api.callsOf(IMPORT)).toHaveLength(0);
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please upload a CSV file');
  });

  it('says so when nothing would change, and offers the template as a download', async () => {
    mockFetch({
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
      [IMPORT]: () =>
        jsonResponse(200, {
          ...dryRun,
          totals: { ...dryRun.totals, created: 0, moved: 0, unchanged: 1, rows: 1, areasCreated: 0 },
          newAreas: [],
          rows: [dryRun.rows[2]],
        }),
    });
    const createUrl = vi.fn(() => 'blob:template');
    // jsdom has no object URLs: lent for this test only (files share jsdom), given back in afterEach.
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    renderApp(paths.business.manageStores.path, { token: 't' });
    const dialog = await openImport();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download the template' }));
    expect(createUrl).toHaveBeenCalledTimes(1);
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText(/Nothing to change/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm import' })).toBeDisabled();
  });

  it('is not offered to a store manager', async () => {
    mockFetch({ 'GET /api/v1/store': () => jsonResponse(200, { stores: [storeFixture({ name: 'Soho' })] }) });
    renderApp(paths.business.manageStores.path, { token: 't', user: { ...testUser, role: 'manager' } });
    expect(await screen.findByRole('row', { name: 'Soho' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import stores' })).not.toBeInTheDocument();
  });
});
