// /settings-and-notifications/targets against a mocked API: loading, empty and error states, inherited targets,
// setting and removing one (contract message first), and roles that see no edit controls.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TARGET_MESSAGES, type TArea, type TEffectiveTarget, type TStore, type TTarget } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp, testUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => act(() => toaster.remove()));

const page = paths.business.targets.path;
const ROOT = '64b7f0c2a1b2c3d4e5f6b001';
const LONDON = '64b7f0c2a1b2c3d4e5f6a003';

/** Ada Coffee › London (Soho); a 4.2 average target at the top, inherited by London and Soho. */
function world() {
  const areas: TArea[] = [
    { _id: ROOT, name: 'Ada Coffee', parent: null },
    { _id: LONDON, name: 'London', parent: ROOT },
  ];
  const soho: TStore = storeFixture({ name: 'Soho', area: LONDON });
  const targets: TTarget[] = [
    {
      _id: '64b7f0c2a1b2c3d4e5f6c001',
      metric: 'average',
      node: ROOT,
      nodeKind: 'area',
      value: 4.2,
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ];
  const effective = (node: string): TEffectiveTarget[] =>
    (['average', 'happy', 'volume', 'staffRatings'] as const).map((metric) => {
      const own = targets.find((t) => t.metric === metric && t.node === node);
      const top = targets.find((t) => t.metric === metric && t.node === ROOT);
      const hit = own ?? top;
      const from = hit
        ? { _id: hit.node, kind: 'area' as const, name: hit.node === ROOT ? 'Ada Coffee' : 'London' }
        : null;
      return { metric, value: hit?.value ?? null, from };
    });
  const api = mockFetch({
    'GET /api/v1/areas': () => jsonResponse(200, { areas }),
    'GET /api/v1/store': () => jsonResponse(200, { stores: [soho] }),
    'GET /api/v1/targets': ({ url }) => {
      const node = url.searchParams.get('node');
      return jsonResponse(200, { targets, ...(node ? { effective: effective(node) } : {}) });
    },
    'PUT /api/v1/targets': ({ init }) => {
      const body = JSON.parse(String(init.body)) as { metric: 'average'; node: string; value: number | null };
      const at = targets.findIndex((t) => t.metric === body.metric && t.node === body.node);
      if (at >= 0) targets.splice(at, 1);
      const target =
        body.value === null
          ? null
          : {
              _id: '64b7f0c2a1b2c3d4e5f6c002',
              ...body,
              nodeKind: 'area' as const,
              value: body.value,
              updatedAt: '2026-01-02T00:00:00.000Z',
            };
      if (target) targets.push(target);
      return jsonResponse(200, { target, effective: effective(body.node) });
    },
  });
  return { api, soho };
}

describe('TargetsPage', () => {
  it('shows a skeleton while loading, then the tree and the top area’s own target', async () => {
    const held = deferred<Response>();
    mockFetch({
      'GET /api/v1/areas': () => held.promise,
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
      'GET /api/v1/targets': () => jsonResponse(200, { targets: [], effective: [] }),
    });
    renderApp(page, { token: 't' });
    expect(await screen.findByRole('status', { name: 'Loading targets' }, { timeout: 5000 })).toBeVisible();
    held.resolve(jsonResponse(200, { areas: [{ _id: ROOT, name: 'Ada Coffee', parent: null }] }));
    expect(await screen.findByRole('heading', { name: 'Ada Coffee' })).toBeInTheDocument();
  });

  it('says so when there is nothing to set targets on', async () => {
    mockFetch({
      'GET /api/v1/areas': () => jsonResponse(200, { areas: [] }),
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
      'GET /api/v1/targets': () => jsonResponse(200, { targets: [] }),
    });
    renderApp(page, { token: 't' });
    expect(await screen.findByText('No stores or areas yet')).toBeInTheDocument();
  });

  it('shows the server message and a retry when the targets cannot load', async () => {
    mockFetch({
      'GET /api/v1/areas': () => jsonResponse(200, { areas: [] }),
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
      'GET /api/v1/targets': () => jsonResponse(500, { message: 'Database unavailable' }),
    });
    renderApp(page, { token: 't' });
    expect(await screen.findByText('Database unavailable', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a store inheriting the top target, sets its own (checked with the contract message first) and removes it', async () => {
    const { api, soho } = world();
    renderApp(page, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Soho' }));
    expect(await screen.findByRole('heading', { name: 'Soho' })).toBeInTheDocument();
    expect(await screen.findByTestId('target-average-effective')).toHaveTextContent('4.2, from Ada Coffee');

    const input = screen.getByRole('textbox', { name: 'Average score target for Soho' });
    await userEvent.type(input, '7');
    const row = input.closest('li')!;
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Save' }));
    expect(await within(row as HTMLElement).findByText(TARGET_MESSAGES.value.average)).toBeInTheDocument();
    expect(api.callsOf('PUT /api/v1/targets')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '4.6');
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('target-average-effective')).toHaveTextContent('Set here: 4.6');
    expect(api.bodiesOf('PUT /api/v1/targets')).toEqual([{ metric: 'average', node: soho._id, value: 4.6 }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByTestId('target-average-effective')).toHaveTextContent('4.2, from Ada Coffee');
  });

  it('lets a store manager edit their store but not an area', async () => {
    world();
    renderApp(page, { token: 't', user: { ...testUser, role: 'manager' } });
    expect(await screen.findByRole('heading', { name: 'Ada Coffee' })).toBeInTheDocument();
    expect(await screen.findByTestId('target-average-effective')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Soho' }));
    expect((await screen.findAllByRole('button', { name: 'Save' })).length).toBe(4);
  });

  it('follows the API’s canSet: a manager granted London edits London, not the top area', async () => {
    mockFetch({
      'GET /api/v1/areas': () =>
        jsonResponse(200, {
          areas: [
            { _id: ROOT, name: 'Ada Coffee', parent: null },
            { _id: LONDON, name: 'London', parent: ROOT },
          ],
        }),
      'GET /api/v1/store': () => jsonResponse(200, { stores: [] }),
      'GET /api/v1/targets': ({ url }) => {
        const node = url.searchParams.get('node');
        return jsonResponse(200, { targets: [], effective: node ? [] : undefined, canSet: node === LONDON });
      },
    });
    renderApp(page, { token: 't', user: { ...testUser, role: 'manager' } });
    expect(await screen.findByText(/You can read these targets/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'London' }));
    expect((await screen.findAllByRole('button', { name: 'Save' })).length).toBe(4);
    expect(screen.queryByText(/You can read these targets/)).not.toBeInTheDocument();
  });

  it('shows a viewer the targets without any edit control', async () => {
    world();
    renderApp(page, { token: 't', user: { ...testUser, role: 'viewer' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Soho' }));
    expect(await screen.findByTestId('target-average-effective')).toHaveTextContent('4.2, from Ada Coffee');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
