// A password change in the Profile dialog keeps this tab signed in: calls refused with the old token before the answer
// (a navigation's user check, the socket the server closed) wait for the new token instead of signing out.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_MESSAGES } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { fakeSockets } from '@/testing/fake-socket';
import { deferred } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { openProfile } from '../testing/account-menu';
import { apiUser, mockApi } from '../testing/mock-api';

// Each test renders the whole app and opens the lazy profile dialog: compiled once up front, slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
beforeAll(
  () =>
    Promise.all([
      import('@/app/ApiProvider'),
      import('@/app/layouts/business/BusinessLayout'),
      import('@/features/dashboard/routes/SnapshotPage'),
    ]),
  120_000,
);

afterEach(() => {
  cleanup();
  toaster.remove();
  vi.unstubAllGlobals();
});

const signedIn = { token: 'jwt-1', user: { ...apiUser, profilePicture: undefined } };

/**
 * A password change the server applies at once (every older token is refused from then on) but answers, with the new
 * token jwt-2, only when the test calls `answer()`; `meSentWith` lists the tokens of user checks made after it.
 */
function mockPasswordChangeAnsweredLate() {
  const late = deferred<Response>();
  const state = { changed: false, meSentWith: [] as string[] };
  mockApi({
    'GET /api/v1/user/me': (init) => {
      const auth = new Headers(init.headers).get('authorization') ?? '';
      if (state.changed) state.meSentWith.push(auth);
      return state.changed && auth !== 'Bearer jwt-2'
        ? jsonResponse(401, { message: 'Your session is no longer valid. Please log in again.' })
        : jsonResponse(200, { user: apiUser });
    },
    'GET /api/v1/user/get-profile': () => jsonResponse(200, { user: apiUser }),
    'PUT /api/v1/user/update-profile': () => {
      state.changed = true;
      return late.promise;
    },
  });
  return {
    changed: () => state.changed,
    meSentWith: state.meSentWith,
    answer: () =>
      late.resolve(
        jsonResponse(200, { message: USER_MESSAGES.profileUpdated, user: apiUser, token: 'jwt-2' }),
      ),
  };
}

/** Old Password + Confirm Password in the Profile dialog, Update, and wait until the server has it. */
async function submitPasswordChange(change: { changed: () => boolean }) {
  const dialog = await openProfile();
  await within(dialog).findByLabelText('Full Name');
  await userEvent.type(within(dialog).getByLabelText('Old Password'), 'OldPass123');
  await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'NewPass123');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(change.changed()).toBe(true));
}

describe('profile dialog: password change', () => {
  it('keeps the person signed in when the password change ends the old token before its answer arrives', async () => {
    const change = mockPasswordChangeAnsweredLate();
    const { router } = renderApp('/overview', signedIn);
    await submitPasswordChange(change);
    // Meanwhile this tab calls the API with its old token (here: the user check of a navigation) and is refused.
    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(change.meSentWith).toContain('Bearer jwt-1'));
    change.answer();
    expect(await screen.findByText(USER_MESSAGES.profileUpdated)).toBeInTheDocument();
    await waitFor(() => expect(change.meSentWith).toContain('Bearer jwt-2'));
    expect(window.localStorage.getItem('token')).toBe('jwt-2');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText(/no longer valid/)).toBeNull();
  });

  it('opens the socket again with the new token when the server closed the old one before the answer', async () => {
    const change = mockPasswordChangeAnsweredLate();
    fakeSockets.splice(0);
    renderApp('/overview', signedIn);
    const oldSocket = await waitFor(() => {
      const opened = fakeSockets.find((socket) => !socket.disconnected);
      if (!opened) throw new Error('no socket opened yet');
      return opened;
    });
    expect(oldSocket.opts).toMatchObject({ auth: { token: 'jwt-1' } });
    await submitPasswordChange(change);
    // The server closes this tab's socket (opened with the old token) before the answer arrives.
    act(() => oldSocket.serverSends('disconnect', 'io server disconnect'));
    change.answer();
    expect(await screen.findByText(USER_MESSAGES.profileUpdated)).toBeInTheDocument();
    await waitFor(() => expect(fakeSockets.at(-1)?.opts).toMatchObject({ auth: { token: 'jwt-2' } }));
    await waitFor(() => expect(oldSocket.disconnected).toBe(true));
    expect(window.localStorage.getItem('token')).toBe('jwt-2');
    expect(screen.queryByText(/no longer valid/)).toBeNull();
  });
});
