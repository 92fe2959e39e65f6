// /accept-invitation against a mocked API: a broken or expired link, a new person signing up from it, an existing one
// logging in (back to the page) and joining, and a signed-in person with another address told the server's refusal.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@/components/ui/toaster';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { session } from '@/lib/session';
import { baseRoutes, BUSINESS, signedInAs, userAs } from '../testing/team-fixtures';
import { INVALID_INVITATION } from './AcceptInvitationPage';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const preview = (hasAccount: boolean) => ({
  businessName: BUSINESS.name,
  email: 'sam@example.com',
  role: 'manager',
  invitedBy: 'Ada Lovelace',
  hasAccount,
});
const sam = userAs('manager', { fullname: 'Sam Carter', email: 'sam@example.com' });

describe('/accept-invitation', () => {
  it('says clearly when the link is invalid or expired, and when the token is missing', async () => {
    mockFetch({
      'GET /api/v1/team/invitations/preview': () => jsonResponse(404, { message: 'Invitation not found' }),
    });
    const { router } = renderApp('/accept-invitation?token=expired-token');
    expect(await screen.findByText(INVALID_INVITATION)).toBeVisible();
    await act(() => router.navigate('/accept-invitation'));
    expect(await screen.findByText('This invitation link is incomplete')).toBeVisible();
  });

  it('a new person signs up with name and password, the session starts and the dashboard opens', async () => {
    const api = mockFetch({
      ...baseRoutes('manager'),
      'GET /api/v1/team/invitations/preview': ({ url }) =>
        url.searchParams.get('token') === 'tok-1' ? jsonResponse(200, preview(false)) : jsonResponse(404, {}),
      'POST /api/v1/team/invitations/signup': () =>
        jsonResponse(201, { message: 'Welcome', token: 'jwt-new', user: sam }),
    });
    const { router } = renderApp('/accept-invitation?token=tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Ada Coffee' })).toBeVisible();
    expect(screen.getByText('Store manager')).toBeVisible();
    const form = screen.getByRole('form', { name: 'Create your account' });
    expect(within(form).getByDisplayValue('sam@example.com')).toHaveAttribute('readonly');
    await userEvent.type(within(form).getByLabelText(/full name/i), 'Sam Carter');
    await userEvent.type(within(form).getByLabelText(/^password/i), 'long-enough-1');
    await userEvent.type(within(form).getByLabelText(/confirm password/i), 'different-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await within(form).findByText('Passwords must match')).toBeVisible();
    expect(api.callsOf('POST /api/v1/team/invitations/signup')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText(/confirm password/i));
    await userEvent.type(within(form).getByLabelText(/confirm password/i), 'long-enough-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.bodiesOf('POST /api/v1/team/invitations/signup')[0]).toMatchObject({
      token: 'tok-1',
      fullname: 'Sam Carter',
      password: 'long-enough-1',
    });
    expect(session.getToken()).toBe('jwt-new');
    expect(session.getUser()?.role).toBe('manager');
  });

  it('an existing account logs in from the page, comes back to it, and joins', async () => {
    const api = mockFetch({
      ...baseRoutes('manager', { email: 'sam@example.com', fullname: 'Sam Carter' }),
      'GET /api/v1/team/invitations/preview': () => jsonResponse(200, preview(true)),
      'POST /api/v1/user/login': () =>
        jsonResponse(200, {
          message: 'Login success.',
          token: 'jwt-sam',
          user: { ...sam, role: null, business: null, businesses: [] },
        }),
      'POST /api/v1/team/invitations/accept': () => jsonResponse(200, { message: 'Joined', user: sam }),
    });
    const { router } = renderApp('/accept-invitation?token=tok-2');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in to join' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('sam@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    const join = await screen.findByRole('button', { name: 'Join Ada Coffee' });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/accept-invitation?token=tok-2',
    );
    await userEvent.click(join);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.bodiesOf('POST /api/v1/team/invitations/accept')).toEqual([{ token: 'tok-2' }]);
    expect(session.getUser()?.business).toEqual(BUSINESS);
  });

  it("a signed-in person with another address sees the server's refusal", async () => {
    mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/team/invitations/preview': () => jsonResponse(200, preview(true)),
      'POST /api/v1/team/invitations/accept': () =>
        jsonResponse(403, { message: 'This invitation was sent to another email address' }),
    });
    const { router } = renderApp('/accept-invitation?token=tok-3', signedInAs('owner'));
    expect(
      await screen.findByText(
        'You are signed in as ada@example.com; this invitation is for sam@example.com.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Join Ada Coffee' }));
    expect(await screen.findByText('This invitation was sent to another email address')).toBeVisible();
    expect(router.state.location.pathname).toBe('/accept-invitation');
    expect(session.getToken()).toBe('jwt-team');
  });
});
