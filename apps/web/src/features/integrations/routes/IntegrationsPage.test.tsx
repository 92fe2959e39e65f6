// /integrations against a mocked API: who sees it, the API keys list, create (shown once, copy), revoke, three states.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_MESSAGES, type TApiKey } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { baseRoutes, IDS, signedInAs, soho } from '@/features/team/testing/team-fixtures';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const SECRET = 'cxk_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0';
const bi: TApiKey = {
  _id: '64b7f0c2a1b2c3d4e5f6e001',
  name: 'BI dashboard',
  prefix: 'cxk_Zm9vYm',
  scopes: ['ratings:read', 'analytics:read'],
  stores: [soho._id],
  createdBy: { _id: IDS.owner, name: 'Ada Lovelace' },
  createdAt: '2026-02-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
const keysRoute = (keys: TApiKey[]) => () => jsonResponse(200, { keys });
const noWebhooks = { webhooks: [], total: 0, page: 1, pageSize: 20 };

/** `total` endpoints numbered 1 (oldest) to total, served a page at a time newest first, as the API does. */
const pagedWebhooks =
  (total: number) =>
  ({ url }: { url: URL }) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
    const numbers = Array.from({ length: total }, (_, i) => total - i).slice(
      (page - 1) * pageSize,
      page * pageSize,
    );
    // Plain objects: the wire shape, including fields newer than this test.
    const webhooks = numbers.map((n) => ({
      _id: `64b7f0c2a1b2c3d4e5f6${String(n).padStart(4, '0')}`,
      url: `https://hooks.example.com/cx/${n}`,
      events: ['rating.created'],
      stores: [],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      previousSecretExpiresAt: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    }));
    return jsonResponse(200, { webhooks, total, page, pageSize });
  };

describe('/integrations', () => {
  it('lists keys with prefix, scopes, stores, creator and last use (admin)', async () => {
    mockFetch({
      ...baseRoutes('admin'),
      'GET /api/v1/integrations/api-keys': keysRoute([
        bi,
        { ...bi, _id: '64b7f0c2a1b2c3d4e5f6e002', name: 'Old export', stores: [], revokedAt: bi.createdAt },
      ]),
    });
    renderApp('/integrations', signedInAs('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'API keys' })).toBeVisible();
    const row = within(await screen.findByRole('list', { name: 'API keys' })).getByRole('listitem', {
      name: 'BI dashboard',
    });
    for (const text of ['cxk_Zm9vYm…', 'Read ratings', 'Read analytics', 'Soho', 'by Ada Lovelace', 'Never'])
      expect(row).toHaveTextContent(text);
    const old = screen.getByRole('listitem', { name: 'Old export' });
    expect(old).toHaveTextContent('Revoked');
    expect(old).toHaveTextContent('All stores');
    expect(within(old).queryByRole('button', { name: /revoke/i })).toBeNull();
  });

  it('refuses store managers and viewers, and the profile menu offers it only to owners and admins', async () => {
    const api = mockFetch({ ...baseRoutes('manager'), 'GET /api/v1/integrations/api-keys': keysRoute([bi]) });
    renderApp('/integrations', signedInAs('manager'));
    expect(await screen.findByText(ACCESS_MESSAGES.forbidden)).toBeVisible();
    expect(api.callsOf('GET /api/v1/integrations/api-keys')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /account menu/i }));
    expect(await screen.findByRole('menuitem', { name: 'Team' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Integrations' })).toBeNull();
  });

  it('the owner reaches it from the profile menu (chosen with the keyboard)', async () => {
    mockFetch({ ...baseRoutes('owner'), 'GET /api/v1/integrations/api-keys': keysRoute([]) });
    const { router } = renderApp('/team', signedInAs('owner'));
    await userEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    const index = items.findIndex((item) => item.textContent === 'Integrations');
    expect(index).toBeGreaterThan(-1);
    for (let i = 0; i <= index; i += 1) await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'));
    expect(await screen.findByText('No API keys yet')).toBeVisible();
  });

  it('shows the webhooks section below the API keys, with its own empty state', async () => {
    mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/integrations/api-keys': keysRoute([]),
      'GET /api/v1/integrations/webhooks': () => jsonResponse(200, noWebhooks),
    });
    renderApp('/integrations', signedInAs('owner'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
    expect(await screen.findByText('No webhook endpoints yet')).toBeVisible();
  });

  it('creates a key: checked before sending, then shown once with a warning and a copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/integrations/api-keys': ({ calls }) => jsonResponse(200, { keys: calls > 1 ? [bi] : [] }),
      'POST /api/v1/integrations/api-keys': () => jsonResponse(201, { _id: bi._id, key: SECRET }),
    });
    renderApp('/integrations', signedInAs('owner'));
    expect(await screen.findByText('No API keys yet')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const d = await screen.findByRole('dialog', { name: 'Create an API key' });
    await userEvent.click(within(d).getByRole('checkbox', { name: /read ratings/i }));
    await userEvent.click(within(d).getByRole('button', { name: 'Create key' }));
    expect(await within(d).findByText('Name is required')).toBeVisible();
    expect(await within(d).findByText('Choose at least one scope')).toBeVisible();
    expect(api.callsOf('POST /api/v1/integrations/api-keys')).toHaveLength(0);
    await userEvent.type(within(d).getByRole('textbox', { name: /name/i }), 'BI dashboard');
    await userEvent.click(within(d).getByRole('checkbox', { name: /read analytics/i }));
    await userEvent.click(within(d).getByRole('checkbox', { name: 'Soho' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy your API key' });
    expect(api.bodiesOf('POST /api/v1/integrations/api-keys')).toEqual([
      { name: 'BI dashboard', scopes: ['analytics:read'], stores: [soho._id] },
    ]);
    expect(within(shown).getByText('This is the only time the key is shown')).toBeVisible();
    expect(within(shown).getByText(SECRET)).toBeVisible();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByRole('listitem', { name: 'BI dashboard' })).toBeVisible();
  });

  it('revokes after confirmation', async () => {
    const api = mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/integrations/api-keys': keysRoute([bi]),
      [`DELETE /api/v1/integrations/api-keys/${bi._id}`]: () =>
        jsonResponse(200, { message: 'API key revoked' }),
    });
    renderApp('/integrations', signedInAs('owner'));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke BI dashboard' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke the API key?' });
    expect(confirm).toHaveTextContent('cxk_Zm9vYm…');
    expect(api.callsOf(`DELETE /api/v1/integrations/api-keys/${bi._id}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(api.callsOf(`DELETE /api/v1/integrations/api-keys/${bi._id}`)).toHaveLength(1),
    );
    expect(await screen.findByText('The key "BI dashboard" was revoked')).toBeInTheDocument();
  });

  it('shows loading, then an error with a retry that loads the list', async () => {
    const held = deferred<Response>();
    let failing = true;
    mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/integrations/api-keys': ({ calls }) =>
        calls === 1
          ? held.promise
          : failing
            ? jsonResponse(500, { message: 'Server unavailable' })
            : jsonResponse(200, { keys: [bi] }),
      'GET /api/v1/integrations/webhooks': () => jsonResponse(200, noWebhooks),
      'GET /api/v1/alerts/channels': () => jsonResponse(200, { channels: [] }),
    });
    renderApp('/integrations', signedInAs('owner'));
    expect(await screen.findByRole('status', { name: 'Loading the API keys' })).toBeInTheDocument();
    held.resolve(jsonResponse(500, { message: 'Server unavailable' }));
    expect(await screen.findByText('Could not load the API keys', {}, { timeout: 10_000 })).toBeVisible();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'BI dashboard' })).toBeVisible();
    // The alert channels section (#24) sits below, with its own empty state.
    expect(screen.getByRole('heading', { level: 2, name: 'Alert channels' })).toBeVisible();
    expect(screen.getByText('No alert channels')).toBeVisible();
  });

  it('pages through webhook endpoints, newest first, 20 at a time', async () => {
    const api = mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/integrations/api-keys': keysRoute([]),
      'GET /api/v1/integrations/webhooks': pagedWebhooks(45),
      'GET /api/v1/alerts/channels': () => jsonResponse(200, { channels: [] }),
    });
    renderApp('/integrations', signedInAs('owner'));
    const endpoints = () => screen.getByRole('list', { name: 'Webhook endpoints' });
    const pages = await screen.findByRole('navigation', { name: 'Webhook endpoint pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(endpoints()).getAllByRole('listitem')).toHaveLength(20);
    expect(within(endpoints()).getAllByRole('listitem')[0]).toHaveAccessibleName(
      'https://hooks.example.com/cx/45',
    );
    expect(within(pages).getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(
      await within(endpoints()).findByRole('listitem', { name: 'https://hooks.example.com/cx/25' }),
    ).toBeVisible();
    expect(pages).toHaveTextContent('Page 2 of 3');
    await userEvent.click(within(pages).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(within(endpoints()).getAllByRole('listitem')).toHaveLength(5));
    expect(
      within(endpoints())
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual([5, 4, 3, 2, 1].map((n) => `https://hooks.example.com/cx/${n}`));
    expect(within(pages).getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Newer' }));
    expect(
      await within(endpoints()).findByRole('listitem', { name: 'https://hooks.example.com/cx/25' }),
    ).toBeVisible();
    const asked = api.queriesOf('GET /api/v1/integrations/webhooks').map((q) => q.get('page'));
    expect(asked).toEqual(expect.arrayContaining(['1', '2', '3']));
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeEnabled();
  });

  it('says the business is at the 50-endpoint limit and offers no add', async () => {
    mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/integrations/api-keys': keysRoute([]),
      'GET /api/v1/integrations/webhooks': pagedWebhooks(50),
      'GET /api/v1/alerts/channels': () => jsonResponse(200, { channels: [] }),
    });
    renderApp('/integrations', signedInAs('owner'));
    expect(
      await screen.findByText(
        'This business has 50 endpoints, the most it can have. Delete one you no longer use to add another.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeDisabled();
    expect(screen.getByRole('navigation', { name: 'Webhook endpoint pages' })).toHaveTextContent(
      'Page 1 of 3',
    );
  });
});
