// /interface-settings/chips against a mocked API: the lists per form and band, adding and removing a chip, a list left
// empty refused before sending, back to the standard chips, read-only for a store manager, linked from Interface Settings.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CHIPS } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { apiUser, jsonResponse, renderApp, testUser } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => act(() => toaster.remove()));

const routes = (custom = false) => ({
  'GET /api/v1/feedback-chips': () => jsonResponse(200, { custom, chips: DEFAULT_CHIPS }),
  'PUT /api/v1/feedback-chips': ({ init }: { init: RequestInit }) =>
    jsonResponse(200, { custom: true, chips: JSON.parse(String(init.body)) as unknown }),
  'DELETE /api/v1/feedback-chips': () => jsonResponse(200, { custom: false, chips: DEFAULT_CHIPS }),
});
const list = (name: string) => screen.findAllByRole('list', { name });

describe('/interface-settings/chips', () => {
  it('adds a chip to "what went wrong" and removes one, then saves the lists', async () => {
    const api = mockFetch(routes());
    renderApp(paths.business.feedbackChips.path, { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rating chips' })).toBeVisible();
    const [staffBad] = await list('What went wrong? (1–3 stars)');
    expect(
      within(staffBad!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...DEFAULT_CHIPS.staff.bad]);

    const [input] = screen.getAllByRole('textbox', { name: 'Add to What went wrong? (1–3 stars)' });
    await userEvent.type(input!, 'Ignored me{Enter}');
    await userEvent.click(within(staffBad!).getByRole('button', { name: 'Remove “Unhelpful”' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save chips' }));
    await waitFor(() => expect(api.callsOf('PUT /api/v1/feedback-chips')).toHaveLength(1));
    const sent = api.bodiesOf('PUT /api/v1/feedback-chips')[0] as typeof DEFAULT_CHIPS;
    expect(sent.staff.bad).toEqual([
      'Slow service',
      'Unfriendly',
      'Order wrong',
      'Did not know the products',
      'Ignored me',
    ]);
    expect(sent.experience).toEqual(DEFAULT_CHIPS.experience);
  });

  it('refuses a list left empty before sending, and goes back to the standard chips', async () => {
    const api = mockFetch(routes(true));
    renderApp(paths.business.feedbackChips.path, { token: 't' });
    expect(await screen.findByText('Your own chips are in use.')).toBeVisible();
    const [, experienceGood] = await list('What stood out? (4–5 stars)');
    for (const chip of DEFAULT_CHIPS.experience.good)
      await userEvent.click(within(experienceGood!).getByRole('button', { name: `Remove “${chip}”` }));
    await userEvent.click(screen.getByRole('button', { name: 'Save chips' }));
    expect(await screen.findByText('Keep at least one chip in each list')).toBeVisible();
    expect(api.callsOf('PUT /api/v1/feedback-chips')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Use the standard chips' }));
    await waitFor(() => expect(api.callsOf('DELETE /api/v1/feedback-chips')).toHaveLength(1));
  });

  it('shows a store manager the chips without editing', async () => {
    mockFetch({
      ...routes(),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: { ...apiUser, role: 'manager' } }),
    });
    renderApp(paths.business.feedbackChips.path, { token: 't', user: { ...testUser, role: 'manager' } });
    expect(await screen.findByText('Only the owner or an admin can change the chips.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save chips' })).not.toBeInTheDocument();
  });
});
