// Brand page (/manage-stores/brand): the colour is checked with the shared schema's message before anything is sent,
// saved as typed, the logo uploaded as "logo" (the server's field message shown), and a manager sees it read-only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRAND_COLOR_MESSAGE, type TBrand } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp, testUser } from '@/testing/render-app';

// The page's lazy chunk transforms slowly on a busy machine: a bound, not a speed target.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => toaster.remove());

const BRAND = 'GET /api/v1/brand';
const none: TBrand = { logo: null, color: null, textColor: null };

describe('Brand page', () => {
  it('refuses a colour that is not hex with the schema message, then saves a valid one', async () => {
    const api = mockFetch({
      [BRAND]: () => jsonResponse(200, { brand: none }),
      'PUT /api/v1/brand': () =>
        jsonResponse(200, { message: 'Brand updated', brand: { logo: null, color: '#ffdd00', textColor: '#111827' } }),
    });
    renderApp(paths.business.brand.path, { token: 't' });
    const field = await screen.findByRole('textbox', { name: 'Brand colour' }, { timeout: 30_000 });
    await userEvent.type(field, 'blue');
    await userEvent.click(screen.getByRole('button', { name: 'Save colour' }));
    expect(await screen.findByText(BRAND_COLOR_MESSAGE)).toBeInTheDocument();
    expect(api.callsOf('PUT /api/v1/brand')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '#FD0');
    expect(screen.queryByText(BRAND_COLOR_MESSAGE)).not.toBeInTheDocument();
    // The preview takes the colour with the readable text colour before it is saved.
    expect(screen.getByTestId('brand-preview')).toHaveTextContent('100% Anonymous!');
    await userEvent.click(screen.getByRole('button', { name: 'Save colour' }));
    await waitFor(() => expect(api.bodiesOf('PUT /api/v1/brand')).toEqual([{ color: '#ffdd00' }]));
    expect(await screen.findByText('Brand updated')).toBeInTheDocument();
  });

  it("uploads the logo as the form's logo field and shows the server's refusal for it", async () => {
    const api = mockFetch({
      [BRAND]: () => jsonResponse(200, { brand: none }),
      'PUT /api/v1/brand/logo': () =>
        jsonResponse(413, { message: 'Images must be at most 2 MB', fieldErrors: { logo: ['Images must be at most 2 MB'] } }),
    });
    renderApp(paths.business.brand.path, { token: 't' });
    const input = await screen.findByLabelText('Logo', undefined, { timeout: 30_000 });
    await userEvent.upload(input, new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save logo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Images must be at most 2 MB');
    const sent = api.callsOf('PUT /api/v1/brand/logo')[0]![1]!.body as FormData;
    expect((sent.get('logo') as File).name).toBe('logo.png');
  });

  it('shows a store manager the brand read-only, with no form', async () => {
    mockFetch({
      [BRAND]: () => jsonResponse(200, { brand: { logo: null, color: '#0e7c3a', textColor: '#ffffff' } }),
    });
    renderApp(paths.business.brand.path, {
      token: 't',
      user: { ...testUser, role: 'manager', stores: ['64b7f0c2a1b2c3d4e5f6c001'] },
    });
    expect(
      await screen.findByText('Only the owner or an admin can change the logo and colour.', undefined, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('brand-preview')).getByText('100% Anonymous!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save colour' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Brand colour' })).not.toBeInTheDocument();
  });
});
