// The login's mailed-code step and the known-device cookie: what the panel shows, stores and sends.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGIN_CODE_REQUIRED, USER_MESSAGES } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { authDialog } from '@/lib/auth-dialog';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { apiUser, mockApi } from '../testing/mock-api';

// Each test renders the whole app; the first visit to a lazy area compiles its chunk, slow on a busy machine.
vi.setConfig({ testTimeout: 40_000 });

afterEach(() => {
  // Unmounted first, so closing the module-store dialog re-renders nothing after the test's act.
  cleanup();
  authDialog.close();
  toaster.remove();
  vi.unstubAllGlobals();
});

const codeRequired = () =>
  jsonResponse(403, { message: USER_MESSAGES.loginCodeRequired, code: LOGIN_CODE_REQUIRED });
const signedIn = () =>
  jsonResponse(200, { message: USER_MESSAGES.loginSuccess, token: 'jwt-1', user: apiUser });

async function openLoginAndSubmit(email = 'ada@example.com', password = 'secret-pass') {
  const rendered = renderApp('/');
  await userEvent.click((await screen.findAllByRole('button', { name: 'Login' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Login' });
  await userEvent.type(within(dialog).getByLabelText('Email'), email);
  await userEvent.type(within(dialog).getByLabelText('Password'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
  return { ...rendered, dialog };
}

describe('login panel: known device', () => {
  it('leaves the known-device token to the API cookie: nothing but the session in local storage, no device sent', async () => {
    const api = mockApi({
      'POST /api/v1/user/login': () => signedIn(),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
    });
    await openLoginAndSubmit('Ada@Example.com');
    expect(await screen.findByText(USER_MESSAGES.loginSuccess)).toBeInTheDocument();
    expect(Object.keys(window.localStorage).sort()).toEqual(['token', 'user']);
    expect(api.bodiesOf('POST /api/v1/user/login')[0]).toEqual({
      email: 'Ada@Example.com',
      password: 'secret-pass',
    });
    // The browser sends and keeps the httpOnly cookie, also when the API is on another origin.
    const [, init] = api.fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/v1/user/login'),
    )!;
    expect(init?.credentials).toBe('include');
  });
});

describe('login panel: mailed code step', () => {
  it('asks for the mailed code, checks it is filled, and signs in with password and code', async () => {
    let calls = 0;
    const api = mockApi({
      'POST /api/v1/user/login': () => ((calls += 1) === 1 ? codeRequired() : signedIn()),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
    });
    const { dialog } = await openLoginAndSubmit();
    expect(await within(dialog).findByText(/only\s+when the password is right/i)).toBeInTheDocument();
    const codeField = within(dialog).getByLabelText('Code from email');
    expect(window.localStorage.getItem('token')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(within(dialog).getByText(USER_MESSAGES.loginCodeMissing)).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/user/login')).toHaveLength(1);

    await userEvent.type(codeField, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(USER_MESSAGES.loginSuccess)).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/user/login')[1]).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass',
      code: '123456',
    });
    expect(window.localStorage.getItem('token')).toBe('jwt-1');
  });

  it('shows a wrong code under the field, and resends a code on request', async () => {
    let calls = 0;
    const api = mockApi({
      'POST /api/v1/user/login': () => {
        calls += 1;
        if (calls === 2) {
          return jsonResponse(400, {
            message: USER_MESSAGES.loginCodeInvalid,
            code: 'LOGIN_CODE_INVALID',
            fieldErrors: { code: [USER_MESSAGES.loginCodeInvalid] },
          });
        }
        return codeRequired();
      },
    });
    const { dialog } = await openLoginAndSubmit();
    await userEvent.type(await within(dialog).findByLabelText('Code from email'), '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByText(USER_MESSAGES.loginCodeInvalid)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We emailed you a new code.')).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/user/login')[2]).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass',
    });
    expect(within(dialog).getByLabelText('Code from email')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('leaves the code step when the email is changed', async () => {
    mockApi({ 'POST /api/v1/user/login': codeRequired });
    const { dialog } = await openLoginAndSubmit();
    await within(dialog).findByLabelText('Code from email');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'x');
    expect(within(dialog).queryByLabelText('Code from email')).toBeNull();
  });
});
