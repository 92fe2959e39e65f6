// /comment-themes against a mocked API: themes with counts (merged ones apart), rename, merge, hide, unmerge, the
// states, and a store manager refused; reached from Performance Notifications.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_MESSAGES, type TThemeEntry } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { themeEntry } from '@/testing/analytics-fixtures';
import { deferred, mockFetch } from '@/testing/mock-api';
import { apiUser, jsonResponse, renderApp, testUser } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => act(() => toaster.remove()));

const vocabulary: TThemeEntry[] = [
  themeEntry('Friendly', { source: 'tag', count: 14 }),
  themeEntry('queue', { count: 21, mergedFrom: ['wait'] }),
  themeEntry('wait', { mergedInto: 'queue', count: 4 }),
  themeEntry('cold coffee', { name: 'Coffee temperature', count: 6 }),
  themeEntry('weather', { hidden: true, count: 1 }),
];

const themeRoutes = () => {
  const patch: Record<string, (r: { init: RequestInit }) => Response> = {};
  for (const theme of vocabulary) {
    patch[`PATCH /api/v1/themes/${encodeURIComponent(theme.key)}`] = ({ init }) =>
      jsonResponse(200, { ...theme, ...(JSON.parse(String(init.body)) as object) });
  }
  return { 'GET /api/v1/themes': () => jsonResponse(200, { themes: vocabulary }), ...patch };
};
const list = (name: string) => screen.findByRole('list', { name });
const row = async (listName: string, name: string) =>
  within(await list(listName)).getByRole('listitem', { name });

describe('/comment-themes', () => {
  it('lists the themes most mentioned first with their source and count, merged ones apart', async () => {
    mockFetch(themeRoutes());
    renderApp(paths.business.commentThemes.path, { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Comment themes' })).toBeVisible();
    const names = within(await list('Themes'))
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('aria-label'));
    expect(names).toEqual(['queue', 'Friendly', 'Coffee temperature', 'weather']);
    const queue = await row('Themes', 'queue');
    expect(queue).toHaveTextContent('Found in comments');
    expect(queue).toHaveTextContent('21 mentions in the last 30 days');
    expect(queue).toHaveTextContent('Includes wait');
    expect(await row('Themes', 'Friendly')).toHaveTextContent('Quick tag');
    expect(await row('Themes', 'Coffee temperature')).toHaveTextContent('originally “cold coffee”');
    expect(await row('Themes', 'weather')).toHaveTextContent('Hidden');
    expect(await row('Merged themes', 'wait')).toHaveTextContent('Merged into queue');
  });

  it('renames a theme (checked before sending) and refreshes the list', async () => {
    const api = mockFetch(themeRoutes());
    renderApp(paths.business.commentThemes.path, { token: 't' });
    await userEvent.click(within(await row('Themes', 'queue')).getByRole('button', { name: 'Rename queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename theme' });
    const name = within(dialog).getByRole('textbox', { name: /name/i });
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Name must not be empty')).toBeVisible();
    expect(api.callsOf('PATCH /api/v1/themes/queue')).toHaveLength(0);
    await userEvent.type(name, 'Waiting time');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(api.bodiesOf('PATCH /api/v1/themes/queue')).toEqual([{ name: 'Waiting time' }]),
    );
    expect(await screen.findByText('“queue” is now “Waiting time”')).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf('GET /api/v1/themes').length).toBeGreaterThan(1));
  });

  it('merges a theme into another shown one, and unmerges a merged one', async () => {
    const api = mockFetch(themeRoutes());
    renderApp(paths.business.commentThemes.path, { token: 't' });
    await userEvent.click(
      within(await row('Themes', 'Coffee temperature')).getByRole('button', {
        name: 'Merge Coffee temperature into another theme',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge “Coffee temperature”' });
    const into = within(dialog).getByRole('combobox', { name: /merge into/i });
    // Neither itself, nor a hidden or merged theme.
    expect([...(into as HTMLSelectElement).options].map((o) => o.text)).toEqual(['queue', 'Friendly']);
    await userEvent.selectOptions(into, 'Friendly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(api.bodiesOf('PATCH /api/v1/themes/cold%20coffee')).toEqual([{ mergedInto: 'Friendly' }]),
    );
    expect(await screen.findByText('“Coffee temperature” is merged into “Friendly”')).toBeInTheDocument();

    await userEvent.click(
      within(await row('Merged themes', 'wait')).getByRole('button', { name: 'Unmerge' }),
    );
    await waitFor(() => expect(api.bodiesOf('PATCH /api/v1/themes/wait')).toEqual([{ mergedInto: null }]));
  });

  it('hides a theme and shows a hidden one again', async () => {
    const api = mockFetch(themeRoutes());
    renderApp(paths.business.commentThemes.path, { token: 't' });
    await userEvent.click(
      within(await row('Themes', 'Friendly')).getByRole('button', { name: 'Hide Friendly' }),
    );
    await waitFor(() => expect(api.bodiesOf('PATCH /api/v1/themes/Friendly')).toEqual([{ hidden: true }]));
    expect(
      await screen.findByText('“Friendly” is hidden from the dashboard and timeline'),
    ).toBeInTheDocument();
    await userEvent.click(
      within(await row('Themes', 'weather')).getByRole('button', { name: 'Show weather' }),
    );
    await waitFor(() => expect(api.bodiesOf('PATCH /api/v1/themes/weather')).toEqual([{ hidden: false }]));
  });

  it('shows the server refusal of a rename in the dialog', async () => {
    mockFetch({
      ...themeRoutes(),
      'PATCH /api/v1/themes/queue': () =>
        jsonResponse(400, {
          message: 'Check the form',
          fieldErrors: { name: ['Another theme has this name'] },
        }),
    });
    renderApp(paths.business.commentThemes.path, { token: 't' });
    await userEvent.click(within(await row('Themes', 'queue')).getByRole('button', { name: 'Rename queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename theme' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /name/i }), ' line');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Another theme has this name')).toBeVisible();
  });

  it('shows skeletons, then an empty state when there are no themes yet', async () => {
    const held = deferred<Response>();
    mockFetch({ 'GET /api/v1/themes': () => held.promise });
    renderApp(paths.business.commentThemes.path, { token: 't' });
    expect(await screen.findByRole('status', { name: 'Loading comment themes' })).toBeInTheDocument();
    held.resolve(jsonResponse(200, { themes: [] }));
    expect(await screen.findByText('No themes yet')).toBeInTheDocument();
  });

  it('refuses a store manager without asking the API', async () => {
    const api = mockFetch({
      ...themeRoutes(),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: { ...apiUser, role: 'manager' } }),
    });
    renderApp(paths.business.commentThemes.path, { token: 't', user: { ...testUser, role: 'manager' } });
    expect(await screen.findByText(ACCESS_MESSAGES.forbidden)).toBeInTheDocument();
    expect(api.callsOf('GET /api/v1/themes')).toHaveLength(0);
  });

  it('is reached from Performance Notifications by owners', async () => {
    mockFetch({
      ...themeRoutes(),
      'GET /api/v1/alerts/rules': () => jsonResponse(200, { data: [] }),
    });
    renderApp(paths.business.settingsAndNotifications.path, { token: 't' });
    expect(await screen.findByRole('link', { name: 'Comment themes' })).toHaveAttribute(
      'href',
      paths.business.commentThemes.path,
    );
  });
});
