// /team against a mocked API: members and invitations as the roles see them, invite (roles limited by the inviter's
// role, contract validation before sending), resend, revoke, edit, remove, transfer ownership, and the three states.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_MESSAGES } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { baseRoutes, camden, IDS, invitation, members, signedInAs, soho } from '../testing/team-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const team =
  (body = { members, invitations: [invitation] }) =>
  () =>
    jsonResponse(200, body);
const row = async (list: string, name: string) =>
  within(await screen.findByRole('list', { name: list })).getByRole('listitem', { name });
const dialog = (name: string) => screen.findByRole('dialog', { name });

describe('/team', () => {
  it('lists members with role labels and store names, and pending invitations (owner)', async () => {
    mockFetch({ ...baseRoutes('owner'), 'GET /api/v1/team/members': team() });
    renderApp('/team', signedInAs('owner'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    const alan = await row('Members', 'Alan Turing');
    expect(alan).toHaveTextContent('alan@example.com');
    expect(alan).toHaveTextContent('Store manager');
    expect(alan).toHaveTextContent('Soho, Camden');
    const grace = await row('Members', 'Grace Hopper');
    expect(grace).toHaveTextContent('Admin');
    expect(grace).toHaveTextContent('All stores');
    // Nobody edits the owner or themselves here.
    expect(within(await row('Members', 'Ada Lovelace')).queryByRole('button')).toBeNull();
    const invite = await row('Pending invitations', 'new@example.com');
    expect(invite).toHaveTextContent('Viewer');
    expect(invite).toHaveTextContent('Camden');
    expect(screen.getByRole('link', { name: /audit log/i })).toHaveAttribute('href', '/team/audit');
    expect(screen.getByRole('button', { name: 'Transfer ownership' })).toBeVisible();
  });

  it('invites: the owner chooses admin, manager or viewer; a manager needs a store; the body is sent as typed', async () => {
    const api = mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/team/members': team(),
      'POST /api/v1/team/invitations': ({ init }) =>
        jsonResponse(201, {
          message: 'Invitation sent',
          invitation: { ...invitation, ...JSON.parse(String(init.body)) },
        }),
    });
    renderApp('/team', signedInAs('owner'));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const d = await dialog('Invite a team member');
    const role = within(d).getByRole('combobox', { name: /role/i });
    expect([...(role as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Admin',
      'Store manager',
      'Viewer',
    ]);
    expect(role).toHaveValue('manager');
    await userEvent.type(within(d).getByRole('textbox', { name: /email/i }), 'sam@example.com');
    await userEvent.click(within(d).getByRole('button', { name: 'Send invitation' }));
    expect(await within(d).findByText('Choose at least one store for a store manager')).toBeVisible();
    expect(api.callsOf('POST /api/v1/team/invitations')).toHaveLength(0);
    await userEvent.click(within(d).getByRole('checkbox', { name: 'Soho' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/v1/team/invitations')).toHaveLength(1));
    expect(api.bodiesOf('POST /api/v1/team/invitations')[0]).toEqual({
      email: 'sam@example.com',
      role: 'manager',
      stores: [soho._id],
      areas: [],
    });
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    // The list is read again after the change.
    await waitFor(() => expect(api.callsOf('GET /api/v1/team/members').length).toBeGreaterThan(1));
  });

  it("shows the server's per-field refusal in the invite dialog", async () => {
    mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/team/members': team(),
      'POST /api/v1/team/invitations': () =>
        jsonResponse(409, {
          message: 'Already a member',
          fieldErrors: { email: ['Already a member of this business'] },
        }),
    });
    renderApp('/team', signedInAs('owner'));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const d = await dialog('Invite a team member');
    await userEvent.selectOptions(within(d).getByRole('combobox', { name: /role/i }), 'admin');
    expect(within(d).queryByRole('checkbox', { name: 'Soho' })).toBeNull();
    await userEvent.type(within(d).getByRole('textbox', { name: /email/i }), 'grace@example.com');
    await userEvent.click(within(d).getByRole('button', { name: 'Send invitation' }));
    expect(await within(d).findByText('Already a member of this business')).toBeVisible();
    expect(within(d).getByRole('alert')).toHaveTextContent('Already a member');
  });

  it('a store manager may invite viewers only, and cannot edit or remove members nor read the audit log', async () => {
    mockFetch({ ...baseRoutes('manager'), 'GET /api/v1/team/members': team() });
    renderApp('/team', signedInAs('manager'));
    const grace = await row('Members', 'Grace Hopper');
    expect(within(grace).queryByRole('button', { name: /edit/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /audit log/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer ownership' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const d = await dialog('Invite a team member');
    const role = within(d).getByRole('combobox', { name: /role/i });
    expect([...(role as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Viewer']);
  });

  it('a manager of one store sees that store fixed in the invite form, and the invitation covers it', async () => {
    const api = mockFetch({
      ...baseRoutes('manager'),
      'GET /api/v1/store': () => jsonResponse(200, { stores: [soho] }),
      'GET /api/v1/team/members': team(),
      'POST /api/v1/team/invitations': ({ init }) =>
        jsonResponse(201, {
          message: 'Invitation sent',
          invitation: { ...invitation, ...JSON.parse(String(init.body)) },
        }),
    });
    renderApp('/team', signedInAs('manager'));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const d = await dialog('Invite a team member');
    expect(within(d).getByText('Store: Soho')).toBeVisible();
    expect(within(d).queryByRole('checkbox')).toBeNull();
    await userEvent.type(within(d).getByRole('textbox', { name: /email/i }), 'sam@example.com');
    await userEvent.click(within(d).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/v1/team/invitations')).toHaveLength(1));
    expect(api.bodiesOf('POST /api/v1/team/invitations')[0]).toEqual({
      email: 'sam@example.com',
      role: 'viewer',
      stores: [soho._id],
      areas: [],
    });
  });

  it('a viewer is told plainly that the role does not allow this, and no team call is made', async () => {
    const api = mockFetch({ ...baseRoutes('viewer'), 'GET /api/v1/team/members': team() });
    renderApp('/team', signedInAs('viewer'));
    expect(await screen.findByText(ACCESS_MESSAGES.forbidden)).toBeVisible();
    expect(api.callsOf('GET /api/v1/team/members')).toHaveLength(0);
  });

  it('resends and revokes (after confirming) an invitation', async () => {
    const api = mockFetch({
      ...baseRoutes('admin'),
      'GET /api/v1/team/members': team(),
      [`POST /api/v1/team/invitations/${invitation._id}/resend`]: () =>
        jsonResponse(200, { message: 'Sent again', invitation }),
      [`DELETE /api/v1/team/invitations/${invitation._id}`]: () => jsonResponse(200, { message: 'Revoked' }),
    });
    renderApp('/team', signedInAs('admin'));
    const invite = await row('Pending invitations', 'new@example.com');
    await userEvent.click(
      within(invite).getByRole('button', { name: 'Resend the invitation to new@example.com' }),
    );
    expect(await screen.findByText('A new link was sent to new@example.com')).toBeInTheDocument();
    await userEvent.click(
      within(invite).getByRole('button', { name: 'Revoke the invitation to new@example.com' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke the invitation?' });
    expect(api.callsOf(`DELETE /api/v1/team/invitations/${invitation._id}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(api.callsOf(`DELETE /api/v1/team/invitations/${invitation._id}`)).toHaveLength(1),
    );
    expect(api.callsOf(`POST /api/v1/team/invitations/${invitation._id}/resend`)).toHaveLength(1);
  });

  it("edits a member's role and stores, and removes a member after confirming", async () => {
    const api = mockFetch({
      ...baseRoutes('admin'),
      'GET /api/v1/team/members': team(),
      [`PUT /api/v1/team/members/${IDS.manager}`]: ({ init }) =>
        jsonResponse(200, { message: 'Saved', member: { ...members[2], ...JSON.parse(String(init.body)) } }),
      [`DELETE /api/v1/team/members/${IDS.manager}`]: () => jsonResponse(200, { message: 'Removed' }),
      [`GET /api/v1/team/members/${IDS.manager}/links`]: () => jsonResponse(200, { links: [] }),
    });
    renderApp('/team', signedInAs('admin'));
    const alan = await row('Members', 'Alan Turing');
    await userEvent.click(within(alan).getByRole('button', { name: 'Edit Alan Turing' }));
    const d = await dialog('Edit Alan Turing');
    expect(within(d).getByRole('checkbox', { name: 'Camden' })).toBeChecked();
    await userEvent.click(within(d).getByRole('checkbox', { name: 'Camden' }));
    await userEvent.selectOptions(within(d).getByRole('combobox', { name: /role/i }), 'viewer');
    await userEvent.click(within(d).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.bodiesOf(`PUT /api/v1/team/members/${IDS.manager}`)).toEqual([
        { role: 'viewer', stores: [soho._id], areas: [], keep: [] },
      ]),
    );
    await userEvent.click(
      within(await row('Members', 'Alan Turing')).getByRole('button', { name: 'Remove Alan Turing' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove from the team?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Alan Turing was removed from the team')).toBeInTheDocument();
    expect(api.callsOf(`DELETE /api/v1/team/members/${IDS.manager}`)).toHaveLength(1);
  });

  it('edits a member with the only store fixed, and the change keeps it', async () => {
    const storeless = members.map((m) => (m.userId === IDS.manager ? { ...m, stores: [soho._id] } : m));
    const api = mockFetch({
      ...baseRoutes('admin'),
      'GET /api/v1/store': () => jsonResponse(200, { stores: [soho] }),
      'GET /api/v1/team/members': team({ members: storeless, invitations: [] }),
      [`PUT /api/v1/team/members/${IDS.manager}`]: () =>
        jsonResponse(200, { message: 'Saved', member: members[2] }),
      [`GET /api/v1/team/members/${IDS.manager}/links`]: () => jsonResponse(200, { links: [] }),
    });
    renderApp('/team', signedInAs('admin'));
    await userEvent.click(
      within(await row('Members', 'Alan Turing')).getByRole('button', { name: 'Edit Alan Turing' }),
    );
    const d = await dialog('Edit Alan Turing');
    expect(within(d).getByText('Store: Soho')).toBeVisible();
    expect(within(d).queryByRole('checkbox', { name: 'Soho' })).toBeNull();
    await userEvent.click(within(d).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.bodiesOf(`PUT /api/v1/team/members/${IDS.manager}`)).toEqual([
        { role: 'manager', stores: [soho._id], areas: [], keep: [] },
      ]),
    );
  });

  it('never narrows a member granted no store by name: the only store stays a choice, not fixed', async () => {
    const storeless = members.map((m) => (m.userId === IDS.manager ? { ...m, stores: [] } : m));
    mockFetch({
      ...baseRoutes('admin'),
      'GET /api/v1/store': () => jsonResponse(200, { stores: [soho] }),
      'GET /api/v1/team/members': team({ members: storeless, invitations: [] }),
      [`GET /api/v1/team/members/${IDS.manager}/links`]: () => jsonResponse(200, { links: [] }),
    });
    renderApp('/team', signedInAs('admin'));
    await userEvent.click(
      within(await row('Members', 'Alan Turing')).getByRole('button', { name: 'Edit Alan Turing' }),
    );
    const d = await dialog('Edit Alan Turing');
    expect(within(d).queryByText('Store: Soho')).toBeNull();
    expect(within(d).getByRole('checkbox', { name: 'Soho' })).not.toBeChecked();
  });

  it('transfers ownership with the password re-entered, showing a wrong password from the server', async () => {
    const api = mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/team/members': team(),
      'POST /api/v1/team/transfer-ownership': ({ calls }) =>
        calls === 1
          ? jsonResponse(400, {
              message: 'Password is incorrect',
              fieldErrors: { password: ['Password is incorrect'] },
            })
          : jsonResponse(200, { message: 'Grace Hopper is now the owner' }),
    });
    renderApp('/team', signedInAs('owner'));
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer ownership' }));
    const d = await dialog('Transfer ownership');
    await userEvent.click(within(d).getByRole('button', { name: 'Transfer ownership' }));
    expect(await within(d).findByText('Enter your password to confirm')).toBeVisible();
    await userEvent.type(within(d).getByLabelText(/your password/i), 'wrong-one');
    await userEvent.click(within(d).getByRole('button', { name: 'Transfer ownership' }));
    expect(await within(d).findAllByText('Password is incorrect')).not.toHaveLength(0);
    await userEvent.clear(within(d).getByLabelText(/your password/i));
    await userEvent.type(within(d).getByLabelText(/your password/i), 'right-one');
    await userEvent.click(within(d).getByRole('button', { name: 'Transfer ownership' }));
    expect(await screen.findByText('Grace Hopper is now the owner')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/team/transfer-ownership').at(-1)).toEqual({
      userId: IDS.admin,
      password: 'right-one',
    });
  });

  it('shows loading, then an empty invitations list; and an error with retry', async () => {
    const held = deferred<Response>();
    mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/team/members': ({ calls }) =>
        // The first answer is held back to see the skeleton; a 5xx is retried once before the page gives up.
        calls === 1
          ? held.promise
          : calls === 2
            ? jsonResponse(500, { message: 'Database is resting' })
            : jsonResponse(200, { members, invitations: [] }),
    });
    renderApp('/team', signedInAs('owner'));
    expect(await screen.findByRole('status', { name: 'Loading the team' })).toBeInTheDocument();
    held.resolve(jsonResponse(500, { message: 'Database is resting' }));
    expect(await screen.findByText('Could not load the team')).toBeVisible();
    expect(screen.getByText('Database is resting')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No pending invitations')).toBeVisible();
    expect(camden.name).toBe('Camden');
  });
});
