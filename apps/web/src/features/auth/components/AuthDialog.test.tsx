// The auth dialog: every panel's spec §5 messages, the §4 transitions with their §8 toasts, and what login stores.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_MESSAGES } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { authDialog } from '@/lib/auth-dialog';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { apiUser, mockApi } from '../testing/mock-api';

// Each test renders the whole app; the first visit to a lazy area compiles its chunk, slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  // The dialog's open view lives in a module store: close it so the next test starts with no modal. Unmounted first,
  // so closing re-renders nothing (a closing dialog's exit animation would update after the test's act).
  cleanup();
  authDialog.close();
  toaster.remove();
  vi.unstubAllGlobals();
});

async function openLogin() {
  const rendered = renderApp('/');
  await userEvent.click((await screen.findAllByRole('button', { name: 'Login' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Login' });
  return { ...rendered, dialog };
}

const submit = (dialog: HTMLElement, name: string) =>
  userEvent.click(within(dialog).getByRole('button', { name }));

describe('login panel', () => {
  it('shows the spec messages for empty and invalid fields', async () => {
    mockApi({});
    const { dialog } = await openLogin();
    await submit(dialog, 'Login');
    expect(within(dialog).getByText(USER_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_MESSAGES.passwordRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    expect(within(dialog).getByText(USER_MESSAGES.emailInvalid)).toBeInTheDocument();
  });

  it('toggles the password between hidden and shown', async () => {
    mockApi({});
    const { dialog } = await openLogin();
    const input = within(dialog).getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('stores the token and user, says "Login success." and goes to /dashboard', async () => {
    mockApi({
      'POST /api/v1/user/login': () =>
        jsonResponse(200, { message: USER_MESSAGES.loginSuccess, token: 'jwt-1', user: apiUser }),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
    });
    const { dialog, router } = await openLogin();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await submit(dialog, 'Login');
    expect(await screen.findByText(USER_MESSAGES.loginSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({
      fullname: 'Ada Lovelace',
    });
    expect(await screen.findByText('Welcome, Ada')).toBeInTheDocument();
  });

  it("shows the server's message when the login is refused and stays signed out", async () => {
    mockApi({
      'POST /api/v1/user/login': () => jsonResponse(401, { message: 'Invalid email or password' }),
    });
    const { dialog, router } = await openLogin();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-pass');
    await submit(dialog, 'Login');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('sign-up panel', () => {
  async function openSignup() {
    const opened = await openLogin();
    await userEvent.click(within(opened.dialog).getByRole('button', { name: 'Sign up' }));
    return { ...opened, dialog: await screen.findByRole('dialog', { name: 'Sign Up' }) };
  }

  it('shows the spec messages, including "Passwords must match"', async () => {
    mockApi({});
    const { dialog } = await openSignup();
    await submit(dialog, 'Sign up');
    for (const message of [
      USER_MESSAGES.nameRequired,
      USER_MESSAGES.emailRequired,
      USER_MESSAGES.passwordRequired,
      USER_MESSAGES.confirmRequired,
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    await userEvent.type(within(dialog).getByLabelText('Password'), 'CorrectHorse1');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'CorrectHorse2');
    expect(within(dialog).getByText(USER_MESSAGES.passwordsMustMatch)).toBeInTheDocument();
  });

  it('sends the browser time zone, shows the success text and returns to login with the email', async () => {
    const api = mockApi({
      'POST /api/v1/user/signup': () => jsonResponse(201, { message: USER_MESSAGES.signupSuccess }),
    });
    const { dialog } = await openSignup();
    await userEvent.type(within(dialog).getByLabelText('Full Name'), 'Grace Hopper');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'CorrectHorse1');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'CorrectHorse1');
    await submit(dialog, 'Sign up');
    expect(await screen.findByText(USER_MESSAGES.signupSuccess)).toBeInTheDocument();
    const login = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(login).getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(api.bodiesOf('POST /api/v1/user/signup')[0]).toEqual({
      fullname: 'Grace Hopper',
      email: 'grace@example.com',
      password: 'CorrectHorse1',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});

describe('forgot password → OTP → new password', () => {
  it('walks the whole reset with the spec toasts and the 500 ms step', async () => {
    const api = mockApi({
      'POST /api/v1/user/forgot-password': () => jsonResponse(200, { message: USER_MESSAGES.otpSent }),
      'POST /api/v1/user/verify-otp': () =>
        jsonResponse(200, { message: USER_MESSAGES.otpVerified, resetToken: 'reset-tok' }),
      'POST /api/v1/user/reset-password': () => jsonResponse(200, { message: USER_MESSAGES.passwordUpdated }),
    });
    const { dialog } = await openLogin();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Forgot Password' });
    await submit(forgot, 'Send OTP');
    expect(within(forgot).getByText(USER_MESSAGES.emailRequired)).toBeInTheDocument();
    await userEvent.type(within(forgot).getByLabelText('Email'), 'ada@example.com');
    await submit(forgot, 'Send OTP');
    expect(await screen.findByText(USER_MESSAGES.otpSent)).toBeInTheDocument();

    const otp = await screen.findByRole('dialog', { name: 'OTP Verification' });
    await submit(otp, 'Verify OTP');
    expect(within(otp).getByText(USER_MESSAGES.otpRequired)).toBeInTheDocument();
    await userEvent.type(within(otp).getByLabelText('OTP'), '123456');
    await submit(otp, 'Verify OTP');
    expect(await screen.findByText(USER_MESSAGES.otpVerified)).toBeInTheDocument();
    const verifiedAt = Date.now();
    const next = await screen.findByRole('dialog', { name: 'New Password' });
    expect(Date.now() - verifiedAt).toBeGreaterThanOrEqual(400);

    await userEvent.type(within(next).getByLabelText('New Password'), 'BrandNew123');
    await userEvent.type(within(next).getByLabelText('Confirm Password'), 'BrandNew124');
    await submit(next, 'Update Password');
    expect(within(next).getByText(USER_MESSAGES.passwordsMustMatch)).toBeInTheDocument();
    await userEvent.clear(within(next).getByLabelText('Confirm Password'));
    await userEvent.type(within(next).getByLabelText('Confirm Password'), 'BrandNew123');
    await submit(next, 'Update Password');
    expect(await screen.findByText(USER_MESSAGES.passwordUpdated)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/user/verify-otp')[0]).toEqual({
      email: 'ada@example.com',
      otp: '123456',
    });
    expect(api.bodiesOf('POST /api/v1/user/reset-password')[0]).toEqual({
      email: 'ada@example.com',
      password: 'BrandNew123',
      resetToken: 'reset-tok',
    });
  });

  it('links back from OTP to forgot to login', async () => {
    mockApi({
      'POST /api/v1/user/forgot-password': () => jsonResponse(200, { message: USER_MESSAGES.otpSent }),
    });
    const { dialog } = await openLogin();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Forgot Password' });
    expect(within(forgot).getByLabelText('Email')).toHaveValue('ada@example.com');
    await submit(forgot, 'Send OTP');
    const otp = await screen.findByRole('dialog', { name: 'OTP Verification' });
    await userEvent.click(within(otp).getByRole('button', { name: 'Back' }));
    const back = await screen.findByRole('dialog', { name: 'Forgot Password' });
    await userEvent.click(within(back).getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });

  it("shows the server's message for a wrong OTP and stays on the OTP panel", async () => {
    mockApi({
      'POST /api/v1/user/forgot-password': () => jsonResponse(200, { message: USER_MESSAGES.otpSent }),
      'POST /api/v1/user/verify-otp': () => jsonResponse(400, { message: USER_MESSAGES.otpInvalid }),
    });
    const { dialog } = await openLogin();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    await submit(await screen.findByRole('dialog', { name: 'Forgot Password' }), 'Send OTP');
    const otp = await screen.findByRole('dialog', { name: 'OTP Verification' });
    await userEvent.type(within(otp).getByLabelText('OTP'), '000000');
    await submit(otp, 'Verify OTP');
    expect(await screen.findByText(USER_MESSAGES.otpInvalid)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'OTP Verification' })).toBeInTheDocument();
  });
});
