// /team, what a member made: removing or editing a member lists their board links, scorecard links and invitations
// that would stop working, each switched off unless kept (by keyboard too), with loading, empty and error states.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMemberLink } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { baseRoutes, IDS, invitation, members, signedInAs, soho } from '../testing/team-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const LINKS_ROUTE = `GET /api/v1/team/members/${IDS.manager}/links`;
const board: TMemberLink = {
  _id: '64b7f0c2a1b2c3d4e5f6e001',
  kind: 'board',
  label: 'Breakroom board of Camden',
  createdAt: '2026-02-01T00:00:00.000Z',
};
const share: TMemberLink = {
  _id: '64b7f0c2a1b2c3d4e5f6e002',
  kind: 'share',
  label: 'Scorecard link of Ana Alvarez',
  createdAt: '2026-02-02T00:00:00.000Z',
};

function routes(links: (calls: number) => Response | Promise<Response>) {
  return mockFetch({
    ...baseRoutes('admin'),
    'GET /api/v1/team/members': () => jsonResponse(200, { members, invitations: [invitation] }),
    [LINKS_ROUTE]: ({ calls }) => links(calls),
    [`DELETE /api/v1/team/members/${IDS.manager}`]: () => jsonResponse(200, { message: 'Removed' }),
    [`PUT /api/v1/team/members/${IDS.manager}`]: () =>
      jsonResponse(200, { message: 'Saved', member: members[2] }),
  });
}

async function openRemoval() {
  renderApp('/team', signedInAs('admin'));
  const alan = within(await screen.findByRole('list', { name: 'Members' })).getByRole('listitem', {
    name: 'Alan Turing',
  });
  await userEvent.click(within(alan).getByRole('button', { name: 'Remove Alan Turing' }));
  return screen.findByRole('alertdialog', { name: 'Remove from the team?' });
}

describe('/team: what a removed member made', () => {
  it('lists it while loading, switches everything off by default, and keeps what was chosen by keyboard', async () => {
    const held = deferred<Response>();
    const api = routes(() => held.promise);
    const d = await openRemoval();
    expect(within(d).getByRole('status', { name: 'Loading what Alan Turing made' })).toBeInTheDocument();
    held.resolve(jsonResponse(200, { links: [board, share] }));
    const list = await within(d).findByRole('list', { name: 'What Alan Turing made' });
    const boardRow = within(list).getByRole('listitem', { name: 'Breakroom board of Camden' });
    const shareRow = within(list).getByRole('listitem', { name: 'Scorecard link of Ana Alvarez' });
    expect(within(boardRow).getByRole('radio', { name: 'Switch off' })).toBeChecked();
    expect(within(shareRow).getByRole('radio', { name: 'Switch off' })).toBeChecked();
    expect(boardRow).toHaveTextContent('Board link');

    // keyboard: onto the board's choice, then to "Keep"
    within(boardRow).getByRole('radio', { name: 'Switch off' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(boardRow).getByRole('radio', { name: 'Keep' })).toBeChecked());
    expect(within(shareRow).getByRole('radio', { name: 'Switch off' })).toBeChecked();

    await userEvent.click(within(d).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Alan Turing was removed from the team')).toBeInTheDocument();
    expect(api.bodiesOf(`DELETE /api/v1/team/members/${IDS.manager}`)).toEqual([{ keep: [board._id] }]);
    // removal asks about removal: no role or stores in the query
    expect([...api.queriesOf(LINKS_ROUTE)[0]!.keys()]).toEqual([]);
  });

  it('says when nothing would stop working, and removes with nothing to keep', async () => {
    const api = routes(() => jsonResponse(200, { links: [] }));
    const d = await openRemoval();
    expect(
      await within(d).findByText(
        'Nothing Alan Turing made (board links, scorecard links, invitations) stops working with the removal.',
      ),
    ).toBeVisible();
    await userEvent.click(within(d).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(api.bodiesOf(`DELETE /api/v1/team/members/${IDS.manager}`)).toEqual([{ keep: [] }]),
    );
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    routes((calls) =>
      calls <= 2
        ? jsonResponse(500, { message: 'Database is resting' })
        : jsonResponse(200, { links: [share] }),
    );
    const d = await openRemoval();
    expect(await within(d).findByText('Could not load what Alan Turing made')).toBeVisible();
    expect(within(d).getByText('Database is resting')).toBeVisible();
    await userEvent.click(within(d).getByRole('button', { name: 'Try again' }));
    expect(await within(d).findByRole('listitem', { name: 'Scorecard link of Ana Alvarez' })).toBeVisible();
  });
});

describe('/team: what a member made in the stores an edit takes away', () => {
  it('asks about the chosen role and stores, and sends the kept links with the change', async () => {
    const api = routes((calls) => jsonResponse(200, { links: calls === 1 ? [] : [board] }));
    renderApp('/team', signedInAs('admin'));
    const alan = within(await screen.findByRole('list', { name: 'Members' })).getByRole('listitem', {
      name: 'Alan Turing',
    });
    await userEvent.click(within(alan).getByRole('button', { name: 'Edit Alan Turing' }));
    const d = await screen.findByRole('dialog', { name: 'Edit Alan Turing' });
    expect(
      await within(d).findByText(/Nothing Alan Turing made .* stops working with this change\./),
    ).toBeVisible();
    await userEvent.click(within(d).getByRole('checkbox', { name: 'Camden' }));
    const row = await within(d).findByRole('listitem', { name: 'Breakroom board of Camden' });
    const asked = api.queriesOf(LINKS_ROUTE).at(-1)!;
    expect(Object.fromEntries(asked)).toEqual({ role: 'manager', stores: soho._id, areas: '' });
    await userEvent.click(within(row).getByRole('radio', { name: 'Keep' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.bodiesOf(`PUT /api/v1/team/members/${IDS.manager}`)).toEqual([
        { role: 'manager', stores: [soho._id], areas: [], keep: [board._id] },
      ]),
    );
  });
});
