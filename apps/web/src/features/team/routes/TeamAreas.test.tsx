// /team with a location tree: the invite and edit dialogs offer areas beside stores and send the chosen ones.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TArea } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { baseRoutes, IDS, invitation, members, signedInAs, soho } from '../testing/team-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const TOP = '64b7f0c2a1b2c3d4e5f6c001';
const UK = '64b7f0c2a1b2c3d4e5f6c002';
const LONDON = '64b7f0c2a1b2c3d4e5f6c003';
const AREAS: TArea[] = [
  { _id: TOP, name: 'Northwind Coffee', parent: null },
  { _id: UK, name: 'UK', parent: TOP },
  { _id: LONDON, name: 'London', parent: UK },
];
const routes = (role: 'owner' | 'admin') => ({
  ...baseRoutes(role),
  'GET /api/v1/areas': () => jsonResponse(200, { areas: AREAS }),
  'GET /api/v1/team/members': () => jsonResponse(200, { members, invitations: [invitation] }),
});

describe('/team areas', () => {
  it('invites a district manager with an area and no store', async () => {
    const api = mockFetch({
      ...routes('owner'),
      'POST /api/v1/team/invitations': ({ init }) =>
        jsonResponse(201, {
          message: 'Invitation sent',
          invitation: { ...invitation, ...JSON.parse(String(init.body)) },
        }),
    });
    renderApp('/team', signedInAs('owner'));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const d = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await userEvent.type(within(d).getByRole('textbox', { name: /email/i }), 'dm@example.com');
    const areas = within(d).getByRole('group', { name: /^Areas/ });
    expect(within(areas).getAllByRole('checkbox').map((b) => b.closest('label')?.textContent)).toEqual([
      'Northwind Coffee',
      'UK',
      'London',
    ]);
    await userEvent.click(within(areas).getByRole('checkbox', { name: 'London' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /api/v1/team/invitations')).toEqual([
        { email: 'dm@example.com', role: 'manager', stores: [], areas: [LONDON] },
      ]),
    );
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
  });

  it("edits a member's areas beside their stores", async () => {
    const api = mockFetch({
      ...routes('admin'),
      [`PUT /api/v1/team/members/${IDS.manager}`]: ({ init }) =>
        jsonResponse(200, { message: 'Saved', member: { ...members[2], ...JSON.parse(String(init.body)) } }),
      [`GET /api/v1/team/members/${IDS.manager}/links`]: () => jsonResponse(200, { links: [] }),
    });
    renderApp('/team', signedInAs('admin'));
    const list = await screen.findByRole('list', { name: 'Members' });
    const alan = within(list).getByRole('listitem', { name: 'Alan Turing' });
    await userEvent.click(within(alan).getByRole('button', { name: 'Edit Alan Turing' }));
    const d = await screen.findByRole('dialog', { name: 'Edit Alan Turing' });
    await userEvent.click(within(d).getByRole('checkbox', { name: 'Camden' }));
    await userEvent.click(await within(d).findByRole('checkbox', { name: 'UK' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.bodiesOf(`PUT /api/v1/team/members/${IDS.manager}`)).toEqual([
        { role: 'manager', stores: [soho._id], areas: [UK], keep: [] },
      ]),
    );
  });
});
