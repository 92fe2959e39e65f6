// The login's mailed-code step and the known-device token: what the panel shows, stores and sends.
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
const signedIn = (device: string) =>
  jsonResponse(200, { message: USER_MESSAGES.loginSuccess, token: 'jwt-1', user: apiUser, device });

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
  it('stores the device token the login answers, per email', async () => {
    const api = mockApi({
      'POST /api/v1/user/login': () => signedIn('device-ada'),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
    });
    window.localStorage.setItem('knownDevices', JSON.stringify({ 'grace@example.com': 'device-grace' }));
    await openLoginAndSubmit('Ada@Example.com');
    expect(await screen.findByText(USER_MESSAGES.loginSuccess)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('knownDevices') ?? '{}')).toEqual({
      'grace@example.com': 'device-grace',
      'ada@example.com': 'device-ada',
    });
    // Nothing was known for this email, so nothing was sent.
    expect(api.bodiesOf('POST /api/v1/user/login')[0]).not.toHaveProperty('device');
  });

  it("sends this browser's token for the email being signed in to (it outlives logout)", async () => {
    const api = mockApi({
      'POST /api/v1/user/login': () => jsonResponse(401, { message: USER_MESSAGES.invalidCredentials }),
    });
    window.localStorage.setItem(
      'knownDevices',
      JSON.stringify({ 'ada@example.com': 'device-ada', 'grace@example.com': 'device-grace' }),
    );
    await openLoginAndSubmit('ADA@example.com');
    expect(await screen.findByText(USER_MESSAGES.invalidCredentials)).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/user/login')[0]).toEqual({
      email: 'ADA@example.com',
      password: 'secret-pass',
      device: 'device-ada',
    });
  });
});

describe('login panel: mailed code step', () => {
  it('asks for the mailed code, checks it is filled, and signs in with password and code', async () => {
    let calls = 0;
    const api = mockApi({
      'POST /api/v1/user/login': () => ((calls += 1) === 1 ? codeRequired() : signedIn('device-new')),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
    });
    const { dialog } = await openLoginAndSubmit();
    expect(await within(dialog).findByText(/we just emailed you/i)).toBeInTheDocument();
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
    expect(JSON.parse(window.localStorage.getItem('knownDevices') ?? '{}')).toEqual({
      'ada@example.com': 'device-new',
    });
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
