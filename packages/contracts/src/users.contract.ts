// The users resource: sign-up, login, password reset by OTP, email verification, profile and the current user.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { accountRoute, businessRoute, ZRoleSchema } from './access';
import { ZObjectIdSchema } from './common';

const c = initContract();

/** Spec §5 and §8 texts, written once: the API answers with them and the web forms and toasts show them. */
export const USER_MESSAGES = {
  emailInvalid: 'Must be a valid email',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  passwordsMustMatch: 'Passwords must match',
  confirmRequired: 'Confirm password is required',
  otpRequired: 'OTP is required',
  otpNumeric: 'OTP must contain digits only',
  tooLong: 'Must be at most 255 characters',
  passwordTooShort: 'Password must be at least 8 characters',
  loginSuccess: 'Login success.',
  signupSuccess:
    'Account created successfully. We’ve sent a verification link to your email (check your inbox or spam too)',
  otpSent: 'OTP sent to your email successfully.Please check your email.',
  otpVerified: 'OTP verified successfully.',
  passwordUpdated: 'Password updated successfully',
  profileUpdated: 'Profile updated successfully',
  storeSelected: 'Store selected',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address first. We’ve sent you a new verification link.',
  otpInvalid: 'Invalid or expired OTP. Please request a new one.',
  signInLinkUsed: 'This sign-in link has already been used or has expired. Please log in.',
  resetInvalid: 'Your password reset session is invalid or has expired. Please request a new OTP.',
  oldPasswordWrong: 'Old password is incorrect',
  oldPasswordRequired: 'Please enter your old password to set a new one',
  expiredPlan: 'Please upgrade your plan to access your content.',
  loginCodeRequired:
    'For your security, enter the code we emailed you. No email? Check your password and log in again.',
  loginCodeMissing: 'Code is required',
  loginCodeNumeric: 'Code must contain digits only',
  loginCodeInvalid: 'Invalid code or password. Check both, or request a new code.',
} as const;

/**
 * The error code of the login's second step: any password from a client the account does not know while the account
 * is throttled (the same answer for a right and a wrong one; only a right one gets a code mailed).
 */
export const LOGIN_CODE_REQUIRED = 'LOGIN_CODE_REQUIRED';

export const FIELD_MAX = 255;

/** A required text field: missing, wrong type and empty all answer with the same spec message. */
const requiredText = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(FIELD_MAX, USER_MESSAGES.tooLong);

/** Email: "required" wins over "valid" for an empty field (pipe stops at the first failing stage). */
export const ZEmailSchema = requiredText(USER_MESSAGES.emailRequired).pipe(
  z.string().email(USER_MESSAGES.emailInvalid),
);

/** Passwords are not trimmed: spaces are legitimate password characters. */
const passwordText = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .min(1, message)
    .max(FIELD_MAX, USER_MESSAGES.tooLong);

/** A password being chosen (sign-up, reset, profile): the spec's rules plus a minimum length (docs/decisions.md). */
export const ZNewPasswordValueSchema = passwordText(USER_MESSAGES.passwordRequired).pipe(
  z.string().min(8, USER_MESSAGES.passwordTooShort),
);

const confirmText = passwordText(USER_MESSAGES.confirmRequired);

export const ZLoginSchema = z.object({
  email: ZEmailSchema,
  password: passwordText(USER_MESSAGES.passwordRequired),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

/** The mailed sign-in code of the login's second step (the web's code field). */
export const ZLoginCodeSchema = z.object({
  code: requiredText(USER_MESSAGES.loginCodeMissing).pipe(
    z.string().regex(/^\d+$/, USER_MESSAGES.loginCodeNumeric),
  ),
});
export type TLoginCode = z.infer<typeof ZLoginCodeSchema>;

/**
 * The login request: the form's email and password, and the mailed code when the API asked for one. The browser's
 * known-device token travels as an httpOnly cookie the API sets, never in the body.
 */
export const ZLoginRequestSchema = ZLoginSchema.extend({
  code: ZLoginCodeSchema.shape.code.optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

/** The sign-up request as sent: spec §7 lists fullname, email, password and timeZone. */
export const ZSignupRequestSchema = z.object({
  fullname: requiredText(USER_MESSAGES.nameRequired),
  email: ZEmailSchema,
  password: ZNewPasswordValueSchema,
  timeZone: z.string().trim().max(64).optional(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequestSchema>;

/** The sign-up form: the request plus the confirmation that must match. */
export const ZSignupSchema = ZSignupRequestSchema.omit({ timeZone: true })
  .extend({ confirmPassword: confirmText })
  .refine((v) => v.password === v.confirmPassword, {
    message: USER_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type TSignup = z.infer<typeof ZSignupSchema>;

export const ZForgotPasswordSchema = z.object({ email: ZEmailSchema });
export type TForgotPassword = z.infer<typeof ZForgotPasswordSchema>;

export const ZOtpSchema = z.object({
  otp: requiredText(USER_MESSAGES.otpRequired).pipe(z.string().regex(/^\d+$/, USER_MESSAGES.otpNumeric)),
});
export type TOtp = z.infer<typeof ZOtpSchema>;

export const ZVerifyOtpRequestSchema = ZOtpSchema.extend({ email: ZEmailSchema });
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequestSchema>;

/** The new-password form. */
export const ZNewPasswordSchema = z
  .object({ password: ZNewPasswordValueSchema, confirmPassword: confirmText })
  .refine((v) => v.password === v.confirmPassword, {
    message: USER_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type TNewPassword = z.infer<typeof ZNewPasswordSchema>;

/** Spec §7 shows email and password; resetToken (from verify-otp) is the proof of the OTP (docs/decisions.md). */
export const ZResetPasswordRequestSchema = z.object({
  email: ZEmailSchema,
  password: ZNewPasswordValueSchema,
  resetToken: z
    .string({ required_error: USER_MESSAGES.resetInvalid })
    .min(1, USER_MESSAGES.resetInvalid)
    .max(200),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequestSchema>;

/** The profile form (spec §5): fullname required; the password fields carry no rules of their own. */
export const ZProfileSchema = z.object({
  fullname: requiredText(USER_MESSAGES.nameRequired),
  oldPassword: z.string().max(FIELD_MAX, USER_MESSAGES.tooLong).optional(),
  newPassword: z.string().max(FIELD_MAX, USER_MESSAGES.tooLong).optional(),
});
export type TProfile = z.infer<typeof ZProfileSchema>;

/** Multipart body: the text fields are validated; the file arrives through the upload middleware. */
export const ZUpdateProfileRequestSchema = ZProfileSchema.extend({
  profilePicture: z.unknown().optional(),
});

export const ZSelectStoreSchema = z.object({ storeId: ZObjectIdSchema });
export type TSelectStore = z.infer<typeof ZSelectStoreSchema>;

export const ZSelectBusinessSchema = z.object({ businessId: ZObjectIdSchema });
export type TSelectBusiness = z.infer<typeof ZSelectBusinessSchema>;

export const ZBusinessRefSchema = z.object({ _id: ZObjectIdSchema, name: z.string() });

export const ZSubscriptionStatusSchema = z.enum(['trialing', 'active', 'past_due', 'canceled', 'expired']);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatusSchema>;

/** The user as it travels: never a hash, token version or reset state. profilePicture is a /api/v1/files URL. */
export const ZUserSchema = z.object({
  _id: ZObjectIdSchema,
  id: ZObjectIdSchema,
  fullname: z.string(),
  email: z.string(),
  profilePicture: z.string().nullable(),
  userType: z.string(),
  subscriptionStatus: ZSubscriptionStatusSchema,
  trialEndsAt: z.string().nullable(),
  timeZone: z.string(),
  emailVerified: z.boolean(),
  selectedStore: ZObjectIdSchema.nullable(),
  /** The person's role in the current business (null when they belong to none any more). */
  role: ZRoleSchema.nullable(),
  /** The current business; subscriptionStatus and trialEndsAt above are its subscription. */
  business: ZBusinessRefSchema.nullable(),
  /** Every business the person belongs to, for the business switcher. */
  businesses: z.array(ZBusinessRefSchema.extend({ role: ZRoleSchema })),
  /** The stores the role covers in the current business; null means all of them. */
  stores: z.array(ZObjectIdSchema).nullable(),
});
export type TUser = z.infer<typeof ZUserSchema>;

const ZMessageSchema = z.object({ message: z.string() });
const ZUserResponseSchema = z.object({ user: ZUserSchema });
const publicRoute = { public: true } as const;

export const usersContract = c.router({
  signup: {
    method: 'POST',
    path: '/user/signup',
    body: ZSignupRequestSchema,
    responses: { 201: ZMessageSchema },
    summary: 'Create an account on a trial and email a verification link (same answer for a taken email)',
    metadata: publicRoute,
  },
  login: {
    method: 'POST',
    path: '/user/login',
    body: ZLoginRequestSchema,
    responses: {
      200: ZMessageSchema.extend({ token: z.string(), user: ZUserSchema }),
    },
    summary:
      'Exchange email and password for a bearer token and the user, and mark this browser a known device (httpOnly ' +
      'cookie); while the account is throttled a client it does not know gets 403 LOGIN_CODE_REQUIRED whatever the ' +
      'password, and a code is mailed only when the password was right',
    metadata: publicRoute,
  },
  verifyEmail: {
    method: 'GET',
    path: '/user/verify-email',
    query: z.object({ token: z.string().max(2000) }),
    responses: { 302: c.noBody() },
    summary:
      'The link from the verification mail: marks the address verified and redirects to the web app; its first use ' +
      'carries a one-time sign-in code in the URL fragment (verifyEmailSignIn)',
    metadata: publicRoute,
  },
  verifyEmailSignIn: {
    method: 'POST',
    path: '/user/verify-email/sign-in',
    body: z.object({
      code: z
        .string({ required_error: USER_MESSAGES.signInLinkUsed })
        .min(1, USER_MESSAGES.signInLinkUsed)
        .max(200, USER_MESSAGES.signInLinkUsed),
    }),
    responses: { 200: ZMessageSchema.extend({ token: z.string(), user: ZUserSchema }) },
    summary:
      'The first use of a verification link signs the person in: the one-time code it handed to the web app becomes ' +
      'a session (a used or expired code answers 400)',
    metadata: publicRoute,
  },
  forgotPassword: {
    method: 'POST',
    path: '/user/forgot-password',
    body: ZForgotPasswordSchema,
    responses: { 200: ZMessageSchema },
    summary: 'Email a 6-digit OTP (same answer for unknown emails); calling again resends after a cooldown',
    metadata: publicRoute,
  },
  verifyOtp: {
    method: 'POST',
    path: '/user/verify-otp',
    body: ZVerifyOtpRequestSchema,
    responses: { 200: ZMessageSchema.extend({ resetToken: z.string() }) },
    summary: 'Check the OTP; answers a short-lived reset token',
    metadata: publicRoute,
  },
  resetPassword: {
    method: 'POST',
    path: '/user/reset-password',
    body: ZResetPasswordRequestSchema,
    responses: { 200: ZMessageSchema },
    summary: 'Set a new password with the reset token from verify-otp; signs out every other session',
    metadata: publicRoute,
  },
  getProfile: {
    method: 'GET',
    path: '/user/get-profile',
    metadata: accountRoute,
    responses: { 200: ZUserResponseSchema },
    summary: 'The signed-in user’s profile',
  },
  updateProfile: {
    method: 'PUT',
    path: '/user/update-profile',
    metadata: accountRoute,
    contentType: 'multipart/form-data',
    body: ZUpdateProfileRequestSchema,
    responses: { 200: ZMessageSchema.extend({ user: ZUserSchema, token: z.string() }) },
    summary:
      'Change name, avatar (profilePicture file) and password (needs the old one); answers a fresh token',
  },
  selectStore: {
    method: 'PUT',
    path: '/user/select-store',
    metadata: businessRoute('stores:read'),
    body: ZSelectStoreSchema,
    responses: { 200: ZMessageSchema.extend({ user: ZUserSchema }) },
    summary: 'Remember the store the user works with',
  },
  selectBusiness: {
    method: 'PUT',
    path: '/user/select-business',
    metadata: accountRoute,
    body: ZSelectBusinessSchema,
    responses: { 200: ZMessageSchema.extend({ user: ZUserSchema }) },
    summary:
      'Switch the current business (the person must be a member of it); roles are read on every request',
  },
  me: {
    method: 'GET',
    path: '/user/me',
    metadata: accountRoute,
    responses: { 200: ZUserResponseSchema },
    summary: 'The current user, with the subscription status (expired once a trial has ended)',
  },
});
