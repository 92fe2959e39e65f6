// "Download posters" on /manage-stores: all stores or an area, fetched with the session token as one PDF file.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

const { createObjectURL, revokeObjectURL } = URL;
// The page's lazy chunk transforms slowly on a busy machine: a bound, not a speed target.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  toaster.remove();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

const POSTERS = 'GET /api/v1/stores/posters.pdf';
const TOP = '64b7f0c2a1b2c3d4e5f6b001';
const NORTH = '64b7f0c2a1b2c3d4e5f6a002';

const pdf = () =>
  new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="feedback-posters.pdf"',
    },
  });

function setup(posters: () => Response | Promise<Response> = pdf) {
  const api = mockFetch({
    'GET /api/v1/store': () => jsonResponse(200, { stores: [storeFixture({ name: 'Camden' })] }),
    'GET /api/v1/areas': () =>
      jsonResponse(200, {
        areas: [
          { _id: TOP, name: 'Ada Coffee', parent: null },
          { _id: NORTH, name: 'North', parent: TOP },
        ],
      }),
    [POSTERS]: posters,
  });
  URL.createObjectURL = vi.fn(() => 'blob:posters');
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  renderApp(paths.business.manageStores.path, { token: 'secret-token' });
  return { api, click };
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Download posters' }, { timeout: 30_000 }));
  return screen.findByRole('dialog', { name: 'Download posters' });
}

describe('Download posters', () => {
  it("downloads one area's posters with the session token", async () => {
    const { api, click } = setup();
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByText('An area'));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Area' }), NORTH);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [input, init] = api.callsOf(POSTERS)[0]!;
    const query = new URL(String(input), 'http://localhost').searchParams;
    expect([query.get('areas'), query.get('download'), query.get('stores')]).toEqual([NORTH, '1', null]);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer secret-token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('feedback-posters.pdf');
  });

  it("asks for an area before downloading, and shows the server's refusal", async () => {
    const { api } = setup(() =>
      jsonResponse(400, {
        message: 'There are no stores in this selection',
        fieldErrors: { stores: ['There are no stores in this selection'] },
      }),
    );
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByText('An area'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose an area');
    expect(api.callsOf(POSTERS)).toHaveLength(0);
    await userEvent.click(within(dialog).getByText('All my stores'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByText('There are no stores in this selection')).toBeInTheDocument();
    expect(new URL(String(api.callsOf(POSTERS)[0]![0]), 'http://localhost').searchParams.get('areas')).toBeNull();
  });
});
