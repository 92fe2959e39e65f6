// /team/audit against a mocked API: newest-first entries, filters sent as the query, "Load more" with the cursor, the
// CSV fetched with the bearer token and the same filters, the refusal for other roles, and empty / error states.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_MESSAGES } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { auditEntry, baseRoutes, IDS, members, signedInAs, soho } from '../testing/team-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const teamRoute = { 'GET /api/v1/team/members': () => jsonResponse(200, { members, invitations: [] }) };
const list = () => screen.findByRole('list', { name: 'Changes, newest first' });

describe('/team/audit', () => {
  it('lists entries with who, role, kind, store and summary; filters go to the API; Load more sends the cursor', async () => {
    const first = Array.from({ length: 2 }, (_, i) => auditEntry(i + 1));
    const api = mockFetch({
      ...baseRoutes('owner'),
      ...teamRoute,
      'GET /api/v1/audit': ({ url }) =>
        url.searchParams.get('cursor')
          ? jsonResponse(200, { entries: [auditEntry(3, { summary: 'Older change' })], nextCursor: null })
          : jsonResponse(200, { entries: first, nextCursor: first[1]!._id }),
    });
    renderApp('/team/audit', signedInAs('owner'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Change 1'),
      expect.stringContaining('Change 2'),
    ]);
    expect(items[0]).toHaveTextContent('Alan Turing');
    expect(items[0]).toHaveTextContent('Store manager');
    expect(items[0]).toHaveTextContent('Interface switches');
    expect(items[0]).toHaveTextContent('Soho');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(await list()).findByText('Older change')).toBeVisible();
    expect(api.queriesOf('GET /api/v1/audit').at(-1)?.get('cursor')).toBe(first[1]!._id);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Person' }), 'Alan Turing');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'Soho');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Members and roles');
    await waitFor(() => {
      const q = api.queriesOf('GET /api/v1/audit').at(-1)!;
      expect(Object.fromEntries(q)).toEqual({
        actor: IDS.manager,
        store: soho._id,
        kind: 'member',
        limit: '50',
      });
    });
  });

  it('shows steps no member took (a case opened by the system) with "System" as who and role', async () => {
    mockFetch({
      ...baseRoutes('owner'),
      ...teamRoute,
      'GET /api/v1/audit': () =>
        jsonResponse(200, {
          entries: [
            auditEntry(1, {
              actor: { _id: IDS.owner, fullname: 'System', role: 'system' },
              kind: 'case',
              action: 'case.opened',
              summary: 'Case #1: opened (1★ with a comment), assigned to Alan Turing',
            }),
          ],
          nextCursor: null,
        }),
    });
    renderApp('/team/audit', signedInAs('owner'));
    const [item] = within(await list()).getAllByRole('listitem');
    expect(item).toHaveTextContent('Case #1: opened');
    expect(within(item!).getAllByText('System')).toHaveLength(2);
  });

  it('downloads the CSV with the bearer token and the current filters', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = mockFetch({
      ...baseRoutes('admin'),
      ...teamRoute,
      'GET /api/v1/audit': () => jsonResponse(200, { entries: [auditEntry(1)], nextCursor: null }),
      'GET /api/v1/audit/export.csv': () =>
        new Response('at,who\n2026-02-01,Alan\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="audit_2026.csv"',
          },
        }),
    });
    renderApp(`/team/audit?kind=staff&from=2026-01-01`, signedInAs('admin'));
    await list();
    await userEvent.click(screen.getByRole('button', { name: /download csv/i }));
    expect(await screen.findByText('Saved audit_2026.csv')).toBeInTheDocument();
    expect(saved).toEqual(['audit_2026.csv']);
    const [call] = api.callsOf('GET /api/v1/audit/export.csv');
    expect((call![1]!.headers as Record<string, string>).authorization).toBe('Bearer jwt-team');
    expect(Object.fromEntries(new URL(String(call![0]), 'http://localhost').searchParams)).toEqual({
      kind: 'staff',
      from: '2026-01-01',
    });
  });

  it('says "No changes recorded" when empty, and shows a load error', async () => {
    mockFetch({
      ...baseRoutes('owner'),
      ...teamRoute,
      'GET /api/v1/audit': ({ url }) =>
        url.searchParams.get('kind')
          ? jsonResponse(400, { message: 'Kind is not valid' })
          : jsonResponse(200, { entries: [], nextCursor: null }),
    });
    const { router } = renderApp('/team/audit', signedInAs('owner'));
    expect(await screen.findByText('No changes recorded')).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Stores');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=store'));
    expect(await screen.findByText('Could not load the audit log')).toBeVisible();
    expect(screen.getByText('Kind is not valid')).toBeVisible();
  });

  it('tells a store manager plainly, without calling the API', async () => {
    const api = mockFetch({ ...baseRoutes('manager'), ...teamRoute });
    renderApp('/team/audit', signedInAs('manager'));
    expect(await screen.findByText(ACCESS_MESSAGES.forbidden)).toBeVisible();
    expect(api.callsOf('GET /api/v1/audit')).toHaveLength(0);
  });
});
