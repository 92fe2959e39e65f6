// Signed-in pieces: account menu and profile dialog, the per-navigation user fetch with the expired redirect,
// the plans view behind "Get Reviews", and the notice after the verification link.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_MESSAGES } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { authDialog } from '@/lib/auth-dialog';
import { deferred } from '@/testing/mock-api';
import { PLANS_FIXTURE } from '@/testing/plans-fixture';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { chooseFromAccountMenu, openProfile } from '../testing/account-menu';
import { apiUser, mockApi } from '../testing/mock-api';
import { EMAIL_VERIFIED_MESSAGE, EMAIL_VERIFIED_SIGNED_IN_MESSAGE } from './EmailVerificationNotice';
import { session } from '@/lib/session';

// Each test renders the whole app; the first visit to a lazy area compiles its chunk, slow on a busy machine: it is
// compiled once up front, and the bound leaves room for the tests that open the profile dialog twice.
vi.setConfig({ testTimeout: 60_000 });
beforeAll(() => import('@/app/layouts/business/BusinessLayout'), 120_000);

afterEach(() => {
  // Unmounted first, so closing the module-store dialog re-renders nothing after the test's act.
  cleanup();
  authDialog.close();
  toaster.remove();
  vi.unstubAllGlobals();
});

const signedIn = { token: 'jwt-1', user: { ...apiUser, profilePicture: undefined } };

/** The profile loads at once the first time; every later profile read waits until the test resolves `refresh`. */
function mockProfileRefreshHeldBack() {
  const refresh = deferred<Response>();
  let profileCalls = 0;
  mockApi({
    'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
    'GET /api/v1/user/get-profile': () =>
      ++profileCalls === 1 ? jsonResponse(200, { user: apiUser }) : refresh.promise,
  });
  return { refresh, profileCalls: () => profileCalls };
}

async function closeProfile(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile' })).not.toBeInTheDocument());
}

describe('account menu', () => {
  it('shows name, email, Dashboard, Team, Profile and Logout, and the chip shows the role in the business (#21)', async () => {
    mockApi({ 'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }) });
    renderApp('/overview', signedIn);
    expect(await screen.findByText('Owner')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /account menu for ada lovelace/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    for (const item of ['Dashboard', 'Team', 'Profile', 'Logout']) {
      expect(within(menu).getByRole('menuitem', { name: item })).toBeInTheDocument();
    }
    // A menu left open stays in zag's layer stack and would swallow the next test's clicks.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('logs out: clears local storage and goes to /', async () => {
    mockApi({ 'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }) });
    const { router } = renderApp('/overview', signedIn);
    window.localStorage.setItem('selectedStore', 'x');
    await chooseFromAccountMenu('Logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.length).toBe(0);
  });
});

describe('profile dialog', () => {
  it('shows the avatar placeholder, Upload image, the fields with a read-only email, and Update', async () => {
    mockApi({
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
      'GET /api/v1/user/get-profile': () => jsonResponse(200, { user: apiUser }),
    });
    renderApp('/overview', signedIn);
    const dialog = await openProfile();
    expect(await within(dialog).findByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    expect(within(dialog).getByLabelText('No profile picture')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload image' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toBeDisabled();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(within(dialog).getByLabelText('Old Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('requires the name with the spec message', async () => {
    mockApi({
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
      'GET /api/v1/user/get-profile': () => jsonResponse(200, { user: apiUser }),
    });
    renderApp('/overview', signedIn);
    const dialog = await openProfile();
    await userEvent.clear(await within(dialog).findByLabelText('Full Name'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(within(dialog).getByText(USER_MESSAGES.nameRequired)).toBeInTheDocument();
  });

  it('sends multipart data with the picture, stores the answer and says "Profile updated successfully"', async () => {
    const updated = {
      ...apiUser,
      fullname: 'Ada King',
      profilePicture: '/api/v1/files/64b7f0c2a1b2c3d4e5f60799',
    };
    const api = mockApi({
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
      'GET /api/v1/user/get-profile': () => jsonResponse(200, { user: apiUser }),
      'PUT /api/v1/user/update-profile': () =>
        jsonResponse(200, { message: USER_MESSAGES.profileUpdated, user: updated, token: 'jwt-2' }),
    });
    renderApp('/overview', signedIn);
    const dialog = await openProfile();
    const name = await within(dialog).findByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.type(within(dialog).getByLabelText('Old Password'), 'OldPass123');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'NewPass123');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText('Profile picture file'), png);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(USER_MESSAGES.profileUpdated)).toBeInTheDocument();
    const sent = api.bodiesOf('PUT /api/v1/user/update-profile')[0] as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('fullname')).toBe('Ada King');
    expect(sent.get('oldPassword')).toBe('OldPass123');
    expect(sent.get('newPassword')).toBe('NewPass123');
    expect((sent.get('profilePicture') as File).name).toBe('me.png');
    expect(window.localStorage.getItem('token')).toBe('jwt-2');
    expect(await screen.findByText('Welcome, Ada')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').fullname).toBe('Ada King');
  });

  it("shows the server's message when the update is refused, and keeps the session", async () => {
    mockApi({
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
      'GET /api/v1/user/get-profile': () => jsonResponse(200, { user: apiUser }),
      'PUT /api/v1/user/update-profile': () =>
        jsonResponse(400, { message: USER_MESSAGES.oldPasswordWrong, fieldErrors: { oldPassword: ['x'] } }),
    });
    renderApp('/overview', signedIn);
    const dialog = await openProfile();
    await within(dialog).findByLabelText('Full Name');
    await userEvent.type(within(dialog).getByLabelText('Old Password'), 'nope');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'NewPass123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect((await screen.findAllByText(USER_MESSAGES.oldPasswordWrong)).length).toBeGreaterThan(0);
    expect(window.localStorage.getItem('token')).toBe('jwt-1');
  });

  it('keeps a name typed into the reopened dialog when the profile refresh arrives, and takes the rest', async () => {
    const refreshed = { ...apiUser, fullname: 'Ada Byron', email: 'byron@example.com' };
    const { refresh, profileCalls } = mockProfileRefreshHeldBack();
    renderApp('/overview', signedIn);
    let dialog = await openProfile();
    expect(await within(dialog).findByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    await closeProfile(dialog);

    // Reopened: the cached profile shows at once while the refresh is still on its way.
    dialog = await openProfile();
    const name = await within(dialog).findByLabelText('Full Name');
    await waitFor(() => expect(profileCalls()).toBe(2));
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await act(async () => refresh.resolve(jsonResponse(200, { user: refreshed })));

    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveValue('byron@example.com'));
    expect(within(dialog).getByLabelText('Full Name')).toHaveValue('Ada King');
  });

  it('shows the refreshed name when nothing was typed over the cached one', async () => {
    const { refresh } = mockProfileRefreshHeldBack();
    renderApp('/overview', signedIn);
    let dialog = await openProfile();
    await within(dialog).findByLabelText('Full Name');
    await closeProfile(dialog);
    dialog = await openProfile();
    expect(await within(dialog).findByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    await act(async () =>
      refresh.resolve(jsonResponse(200, { user: { ...apiUser, fullname: 'Ada Byron' } })),
    );
    await waitFor(() => expect(within(dialog).getByLabelText('Full Name')).toHaveValue('Ada Byron'));
  });

  it('falls back to "An error occurred" when the server gives no message', async () => {
    mockApi({
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
      'GET /api/v1/user/get-profile': () => jsonResponse(200, { user: apiUser }),
      'PUT /api/v1/user/update-profile': () => jsonResponse(500, {}),
    });
    renderApp('/overview', signedIn);
    const dialog = await openProfile();
    await within(dialog).findByLabelText('Full Name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });
});

describe('current user on every navigation', () => {
  it('fetches the user on each location change', async () => {
    const api = mockApi({ 'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }) });
    const { router } = renderApp('/overview', signedIn);
    await waitFor(() => expect(api.bodiesOf('GET /api/v1/user/me')).toHaveLength(1));
    await act(() => router.navigate('/rota'));
    await waitFor(() => expect(api.bodiesOf('GET /api/v1/user/me')).toHaveLength(2));
  });

  it('sends an expired subscription to /my-subscription with the spec warning', async () => {
    mockApi({
      'GET /api/v1/user/me': () => jsonResponse(200, { user: { ...apiUser, subscriptionStatus: 'expired' } }),
    });
    const { router } = renderApp('/overview', signedIn);
    expect(await screen.findByText(USER_MESSAGES.expiredPlan)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-subscription'));
  });

  it('sends a canceled subscription there too, but leaves the payment pages alone', async () => {
    mockApi({
      'GET /api/v1/user/me': () =>
        jsonResponse(200, { user: { ...apiUser, subscriptionStatus: 'canceled' } }),
    });
    const { router } = renderApp('/payment-failed', signedIn);
    expect(await screen.findByText('No money was taken')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment-failed');
    await act(() => router.navigate('/rota'));
    expect(await screen.findByText(USER_MESSAGES.expiredPlan)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-subscription'));
  });

  it('asks the API nothing about a visitor: only the public plans for the pricing section', async () => {
    const api = mockApi({});
    renderApp('/');
    await screen.findAllByRole('button', { name: 'Login' });
    await screen.findByText('The prices could not be loaded.');
    const called = api.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(called).toEqual(['/api/v1/plans']);
  });
});

describe('Get Reviews', () => {
  it('opens the plans view with the prices the API serves', async () => {
    mockApi({
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
      'GET /api/v1/plans': () => jsonResponse(200, { plans: PLANS_FIXTURE }),
    });
    renderApp('/overview', signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Get Reviews' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your plan' });
    await within(dialog).findByText('$99');
    for (const text of [
      '$99',
      '£90.00',
      'Save £16',
      '£84.00',
      '£158.00',
      '£241.00',
      'Up to 250,000 tracked visits',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
  });
});

describe('verification link landing', () => {
  it('says the email is verified and opens the login panel', async () => {
    mockApi({});
    const { router } = renderApp('/?emailVerified=1');
    expect(await screen.findByText(EMAIL_VERIFIED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('signs in with the first use’s one-time code and lands on the dashboard, the code gone from the URL', async () => {
    const api = mockApi({
      'POST /api/v1/user/verify-email/sign-in': () =>
        jsonResponse(200, { message: USER_MESSAGES.loginSuccess, token: 'jwt-verified', user: apiUser }),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
    });
    const { router } = renderApp('/?emailVerified=1#signIn=abc.def');
    expect(await screen.findByText(EMAIL_VERIFIED_SIGNED_IN_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.hash).toBe('');
    expect(session.getToken()).toBe('jwt-verified');
    expect(api.bodiesOf('POST /api/v1/user/verify-email/sign-in')).toEqual([{ code: 'abc.def' }]);
  });

  it('says a used sign-in link cannot sign in again and opens the login panel', async () => {
    mockApi({
      'POST /api/v1/user/verify-email/sign-in': () =>
        jsonResponse(400, { message: USER_MESSAGES.signInLinkUsed, code: 'SIGN_IN_LINK_USED' }),
    });
    const { router } = renderApp('/?emailVerified=1#signIn=abc.used');
    expect(await screen.findByText(USER_MESSAGES.signInLinkUsed)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(session.getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it("opens Forgot Password for the email in the failed sign-in mail's link", async () => {
    mockApi({});
    const { router } = renderApp('/?forgotPassword=ada%40example.com');
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
