// /api/v1/user/*: thin handlers over the account and password-reset services, with per-IP and per-email rate limits.
import { initServer } from '@ts-rest/express';
import { contract, USER_MESSAGES } from '@cx/contracts';
import { env } from '../../config/env';
import { userIdOf } from '../../lib/auth';
import { imageUpload } from '../../lib/files';
import { byBodyEmail, byIp, byIpAndBodyEmail, isOverLimit, rateLimit } from '../../lib/rate-limit';
import { ACCOUNT_LOGIN_LIMIT, signInAccountLimit } from './account-limit';
import { requestPasswordReset, resetPassword, verifyOtp } from './password-reset.service';
import { accessOf } from '../../tenancy/access';
import { knownDeviceOf, setKnownDeviceCookie } from './known-device.cookie';
import { login } from './login.service';
import { signInWithCode } from './verify-sign-in';
import { getUser, selectBusiness, selectStore, signup, updateProfile, verifyEmail } from './users.service';

const s = initServer();
const MINUTE = 60 * 1000;

/** Both an IP bucket (spraying many accounts) and an email bucket (hammering one account from many IPs). */
function ipAndEmailLimits(
  name: string,
  windowMs: number,
  perIp: number,
  perEmail: number,
  message: string,
  countOnlyFailures = false,
) {
  return [
    rateLimit({ name: `${name}-ip`, windowMs, limit: perIp, key: byIp, message, countOnlyFailures }),
    rateLimit({
      name: `${name}-email`,
      windowMs,
      limit: perEmail,
      key: byBodyEmail,
      message,
      countOnlyFailures,
    }),
  ];
}

/** Per-account limits that must not lock the owner out only flag the request; the services decide what that means. */
const FORGOT_EMAIL_LIMIT = 'forgot-email';
const OTP_RESEND_LIMIT = 'otp-resend';

const limits = {
  login: [
    // Successful logins never count: only guessing is limited. Over the per-IP limit a client gets 429.
    rateLimit({
      name: 'login-ip',
      windowMs: 15 * MINUTE,
      limit: 50,
      key: byIp,
      message: 'Too many failed login attempts. Please try again in 15 minutes.',
      countOnlyFailures: true,
    }),
    // Over the per-account limit nobody gets 429 (that would lock the owner out): see account-limit.ts.
    signInAccountLimit(),
  ],
  signup: ipAndEmailLimits(
    'signup',
    60 * MINUTE,
    20,
    5,
    'Too many sign-up attempts. Please try again later.',
  ),
  forgot: [
    rateLimit({
      name: 'forgot-ip',
      windowMs: 60 * MINUTE,
      limit: 20,
      key: byIp,
      message: 'Too many password reset requests. Please try again later.',
    }),
    // Mail-flood limits per address: over them the request answers the same and mails nothing, so a stranger using
    // them up cannot keep the owner from the codes already in their mailbox (those stay valid).
    rateLimit({
      name: FORGOT_EMAIL_LIMIT,
      windowMs: 60 * MINUTE,
      limit: 5,
      key: byBodyEmail,
      message: 'unused: flag only',
      whenOver: 'flag',
    }),
    rateLimit({
      name: OTP_RESEND_LIMIT,
      windowMs: MINUTE,
      limit: 1,
      key: byBodyEmail,
      message: 'unused: flag only',
      whenOver: 'flag',
    }),
  ],
  // Wrong codes are limited per client (IP + email) and per IP, never per account: a stranger's guesses must not
  // spend the owner's code.
  verifyOtp: [
    rateLimit({
      name: 'verify-otp-ip',
      windowMs: 15 * MINUTE,
      limit: 30,
      key: byIp,
      message: 'Too many attempts. Please try again later.',
      countOnlyFailures: true,
    }),
    rateLimit({
      name: 'verify-otp-client',
      windowMs: 15 * MINUTE,
      limit: 5,
      key: byIpAndBodyEmail,
      message: 'Too many attempts. Please try again later.',
      countOnlyFailures: true,
    }),
  ],
};

export const usersRouter = s.router(contract.users, {
  signup: {
    middleware: limits.signup,
    handler: async ({ body }) => {
      await signup(body);
      return { status: 201, body: { message: USER_MESSAGES.signupSuccess } };
    },
  },
  login: {
    middleware: limits.login,
    handler: async ({ body, req, res }) => {
      const { token, user, device } = await login(body, {
        accountThrottled: isOverLimit(res, ACCOUNT_LOGIN_LIMIT),
        deviceOf: (userId) => knownDeviceOf(req, userId),
      });
      setKnownDeviceCookie(res, user._id, device);
      return { status: 200, body: { message: USER_MESSAGES.loginSuccess, token, user } };
    },
  },
  verifyEmail: async ({ query, res }) => {
    const { verified, signInCode } = await verifyEmail(query.token);
    // The web home page reads the flag and tells the user what happened. The sign-in code rides in the fragment,
    // which browsers never send to a server, so it stays out of access logs and Referer headers.
    const fragment = signInCode ? `#signIn=${encodeURIComponent(signInCode)}` : '';
    res.setHeader('location', `${env.PUBLIC_WEB_URL}/?emailVerified=${verified ? '1' : '0'}${fragment}`);
    return { status: 302, body: undefined };
  },
  verifyEmailSignIn: {
    middleware: [
      rateLimit({
        name: 'verify-sign-in-ip',
        windowMs: 15 * MINUTE,
        limit: 30,
        key: byIp,
        message: 'Too many attempts. Please try again later.',
        countOnlyFailures: true,
      }),
    ],
    handler: async ({ body, req, res }) => {
      const { token, user, device } = await signInWithCode(body.code, (userId) => knownDeviceOf(req, userId));
      setKnownDeviceCookie(res, user._id, device);
      return { status: 200, body: { message: USER_MESSAGES.loginSuccess, token, user } };
    },
  },
  forgotPassword: {
    middleware: limits.forgot,
    handler: async ({ body, res }) => {
      const quiet = isOverLimit(res, FORGOT_EMAIL_LIMIT) || isOverLimit(res, OTP_RESEND_LIMIT);
      await requestPasswordReset(body.email, { quiet });
      return { status: 200, body: { message: USER_MESSAGES.otpSent } };
    },
  },
  verifyOtp: {
    middleware: limits.verifyOtp,
    handler: async ({ body }) => {
      const resetToken = await verifyOtp(body.email, body.otp);
      return { status: 200, body: { message: USER_MESSAGES.otpVerified, resetToken } };
    },
  },
  resetPassword: async ({ body }) => {
    await resetPassword(body.email, body.password, body.resetToken);
    return { status: 200, body: { message: USER_MESSAGES.passwordUpdated } };
  },
  getProfile: async ({ req }) => ({ status: 200, body: { user: await getUser(userIdOf(req)) } }),
  updateProfile: {
    middleware: [imageUpload('profilePicture')],
    handler: async ({ req, body, file }) => {
      const upload = file as Express.Multer.File | undefined;
      const result = await updateProfile(userIdOf(req), body, upload ? { buffer: upload.buffer } : undefined);
      return { status: 200, body: { message: USER_MESSAGES.profileUpdated, ...result } };
    },
  },
  selectStore: async ({ req, body }) => ({
    status: 200,
    body: { message: USER_MESSAGES.storeSelected, user: await selectStore(accessOf(req), body.storeId) },
  }),
  selectBusiness: async ({ req, body }) => {
    await selectBusiness(userIdOf(req), body.businessId);
    return { status: 200, body: { message: 'Business switched', user: await getUser(userIdOf(req)) } };
  },
  me: async ({ req }) => ({ status: 200, body: { user: await getUser(userIdOf(req)) } }),
});
