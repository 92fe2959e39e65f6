// The anonymous account calls (login, sign-up, password reset) through the contract client, answering the body or throwing.
import {
  LOGIN_CODE_REQUIRED,
  ZErrorBodySchema,
  type TForgotPassword,
  type TLoginRequest,
  type TResetPasswordRequest,
  type TSignupRequest,
  type TVerifyOtpRequest,
} from '@cx/contracts';
import { tsr } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error';

/**
 * A refused call with the server's message. It is an Error on purpose: the app's single 401 handler (session ended)
 * ignores it, because a wrong password on the login panel is not an expired session.
 */
export class AuthCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors?: Record<string, string[]>,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AuthCallError';
  }
}

function refused(res: { status: number; body: unknown }): AuthCallError {
  const body = ZErrorBodySchema.safeParse(res.body);
  return body.success
    ? new AuthCallError(body.data.message, res.status, body.data.fieldErrors, body.data.code)
    : new AuthCallError('An error occurred', res.status);
}

/** What a failed call should tell the user: the server's message, or what went wrong on the way. */
export function authErrorMessage(error: unknown): string {
  return error instanceof AuthCallError ? error.message : apiErrorMessage(error);
}

/** The login's second step: the account is throttled and this browser is not known to it (any password gets it). */
export const isLoginCodeRequired = (error: unknown): error is AuthCallError =>
  error instanceof AuthCallError && error.code === LOGIN_CODE_REQUIRED;

/** The browser sends and keeps its known-device cookie for this account, also when the API is on another origin. */
export async function login(body: TLoginRequest) {
  const res = await tsr.users.login.mutate({ body, fetchOptions: { credentials: 'include' } });
  if (res.status === 200) return res.body;
  throw refused(res);
}

export async function signup(body: TSignupRequest) {
  const res = await tsr.users.signup.mutate({ body });
  if (res.status === 201) return res.body;
  throw refused(res);
}

export async function forgotPassword(body: TForgotPassword) {
  const res = await tsr.users.forgotPassword.mutate({ body });
  if (res.status === 200) return res.body;
  throw refused(res);
}

export async function verifyOtp(body: TVerifyOtpRequest) {
  const res = await tsr.users.verifyOtp.mutate({ body });
  if (res.status === 200) return res.body;
  throw refused(res);
}

export async function resetPassword(body: TResetPasswordRequest) {
  const res = await tsr.users.resetPassword.mutate({ body });
  if (res.status === 200) return res.body;
  throw refused(res);
}

/** The browser's IANA time zone, sent with sign-up so reports use the owner's local days. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The verification link's first use: its one-time code becomes a session (and this browser a known device). */
export async function signInWithVerificationCode(code: string) {
  const res = await tsr.users.verifyEmailSignIn.mutate({ body: { code }, fetchOptions: { credentials: 'include' } });
  if (res.status === 200) return res.body;
  throw refused(res);
}
