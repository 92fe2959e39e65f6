// /api/v1/user/*: thin handlers over the account and password-reset services, with per-IP and per-email rate limits.
import { initServer } from '@ts-rest/express';
import { contract, USER_MESSAGES } from '@cx/contracts';
import { env } from '../../config/env';
import { userIdOf } from '../../lib/auth';
import { imageUpload } from '../../lib/files';
import { byBodyEmail, byIp, rateLimit } from '../../lib/rate-limit';
import { requestPasswordReset, resetPassword, verifyOtp } from './password-reset.service';
import { accessOf } from '../../tenancy/access';
import { getUser, login, selectBusiness, selectStore, signup, updateProfile, verifyEmail } from './users.service';

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

const limits = {
  // Successful logins never count: only guessing is limited.
  login: ipAndEmailLimits(
    'login',
    15 * MINUTE,
    50,
    10,
    'Too many failed login attempts. Please try again in 15 minutes.',
    true,
  ),
  signup: ipAndEmailLimits(
    'signup',
    60 * MINUTE,
    20,
    5,
    'Too many sign-up attempts. Please try again later.',
  ),
  forgot: [
    ...ipAndEmailLimits(
      'forgot',
      60 * MINUTE,
      20,
      5,
      'Too many password reset requests. Please try again later.',
    ),
    // The resend cooldown is a per-email limit, so an unknown email gets the same 429 as a known one.
    rateLimit({
      name: 'otp-resend',
      windowMs: MINUTE,
      limit: 1,
      key: byBodyEmail,
      message: 'Please wait a minute before requesting another code.',
    }),
  ],
  verifyOtp: ipAndEmailLimits(
    'verify-otp',
    15 * MINUTE,
    30,
    10,
    'Too many attempts. Please try again later.',
  ),
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
    handler: async ({ body }) => {
      const session = await login(body.email, body.password);
      return { status: 200, body: { message: USER_MESSAGES.loginSuccess, ...session } };
    },
  },
  verifyEmail: async ({ query, res }) => {
    const verified = await verifyEmail(query.token);
    // The web home page reads the flag and tells the user what happened.
    res.setHeader('location', `${env.PUBLIC_WEB_URL}/?emailVerified=${verified ? '1' : '0'}`);
    return { status: 302, body: undefined };
  },
  forgotPassword: {
    middleware: limits.forgot,
    handler: async ({ body }) => {
      await requestPasswordReset(body.email);
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
