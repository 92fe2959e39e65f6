// /plans: the plan catalogue, Stripe Checkout and portal sessions, the signed webhook and the caller's subscription.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZErrorBodySchema } from './common';
import { ZSubscriptionStatusSchema, type TSubscriptionStatus } from './users.contract';

const c = initContract();

export const PLAN_IDS = ['basic-monthly', 'three-months', 'six-months', 'twelve-months'] as const;
export const ZPlanIdSchema = z.enum(PLAN_IDS, {
  errorMap: () => ({ message: 'Choose one of the plans' }),
});
export type TPlanId = z.infer<typeof ZPlanIdSchema>;

/** A plan as displayed (spec §3, §9): prices are display strings with their currency sign, amounts in minor units. */
export const ZPlanSchema = z.object({
  id: ZPlanIdSchema,
  name: z.string(),
  currency: z.enum(['usd', 'gbp']),
  amount: z.number().int(),
  price: z.string(),
  /** Struck-through original price, for the longer plans. */
  originalPrice: z.string().nullable(),
  saving: z.string().nullable(),
  intervalMonths: z.number().int().positive(),
  renewal: z.string(),
  features: z.array(z.string()),
  trackedVisits: z.number().int(),
});
export type TPlan = z.infer<typeof ZPlanSchema>;

/** Statuses that lock the business pages (spec §4): the web redirects to /my-subscription, the API still answers. */
export const NO_ACCESS_STATUSES: readonly TSubscriptionStatus[] = ['expired', 'canceled'];

export const BILLING_MESSAGES = {
  upgrade: 'Please upgrade your plan to access your content.',
  atCap:
    'You have used all tracked visits of this period. Ratings are still collected; upgrade to count more visits.',
  paymentsNotConfigured: 'Payments are not configured on this server.',
  testCheckoutRefused: 'The test checkout is not available in production.',
  sessionNotFound: 'Checkout session not found',
  noBillingAccount: 'There is no billing account yet. Choose a plan first.',
  badSignature: 'Webhook signature verification failed',
} as const;

export const ZCheckoutRequestSchema = z.object({
  plan: ZPlanIdSchema,
  /** One per click intent in the web app: a double click sends the same key and gets the same session. */
  idempotencyKey: z
    .string({ required_error: 'idempotencyKey is required' })
    .trim()
    .regex(/^[\w-]{8,100}$/, 'idempotencyKey must be 8-100 letters, digits, _ or -'),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequestSchema>;

export const ZCheckoutSessionSchema = z.object({ id: z.string(), url: z.string() });

/** The tracked-visit allowance of the current window (a month-long slice of the billing period, see decisions). */
export const ZVisitUsageSchema = z.object({
  used: z.number().int(),
  cap: z.number().int(),
  from: z.string(),
  to: z.string(),
  atCap: z.boolean(),
});

export const ZMySubscriptionSchema = z.object({
  status: ZSubscriptionStatusSchema,
  hasAccess: z.boolean(),
  plan: ZPlanSchema.nullable(),
  trialEndsAt: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** While past due: when access stops unless the payment succeeds. */
  graceEndsAt: z.string().nullable(),
  canManageBilling: z.boolean(),
  /** No Stripe keys: checkout runs on the local test page. */
  testMode: z.boolean(),
  usage: ZVisitUsageSchema,
});
export type TMySubscription = z.infer<typeof ZMySubscriptionSchema>;

export const ZInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  createdAt: z.string(),
  total: z.string(),
  status: z.string(),
  url: z.string().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoiceSchema>;

const unavailable = { 502: ZErrorBodySchema, 503: ZErrorBodySchema } as const;
const publicRoute = { public: true } as const;

/** Every new business starts on a free trial this long (sign-up; the home page's pricing says so). */
export const TRIAL_DAYS = 14;

export const plansContract = c.router({
  list: {
    method: 'GET',
    path: '/plans',
    responses: { 200: z.object({ plans: z.array(ZPlanSchema), trialDays: z.number().int() }) },
    summary: 'The plans with their display prices, savings, renewal periods and features, and the free trial’s days',
    metadata: publicRoute,
  },
  createCheckoutSession: {
    method: 'POST',
    path: '/plans/create-checkout-session',
    metadata: businessRoute('billing:write'),
    body: ZCheckoutRequestSchema,
    responses: { 200: ZCheckoutSessionSchema, ...unavailable },
    summary:
      'A Stripe Checkout session (subscription mode) for the caller’s Stripe customer; same key, same session',
  },
  confirmCheckout: {
    method: 'POST',
    path: '/plans/confirm-checkout',
    metadata: businessRoute('billing:write'),
    body: z.object({ sessionId: z.string().trim().min(1).max(200) }),
    responses: {
      200: z.object({ paid: z.boolean(), subscription: ZMySubscriptionSchema }),
      ...unavailable,
    },
    summary:
      'Checks the caller’s checkout session with Stripe and applies what it shows (the webhook may be late)',
  },
  createPortalSession: {
    method: 'POST',
    path: '/plans/portal-session',
    metadata: businessRoute('billing:write'),
    body: c.noBody(),
    responses: { 200: z.object({ url: z.string() }), ...unavailable },
    summary: 'A Stripe billing portal session (change plan, card, cancel) returning to /my-subscription',
  },
  mySubscription: {
    method: 'GET',
    path: '/plans/subscription',
    metadata: businessRoute('billing:read'),
    responses: { 200: ZMySubscriptionSchema },
    summary: 'The caller’s plan, status, period or trial end, grace period and tracked visits of this period',
  },
  invoices: {
    method: 'GET',
    path: '/plans/invoices',
    metadata: businessRoute('billing:read'),
    responses: { 200: z.object({ invoices: z.array(ZInvoiceSchema) }), ...unavailable },
    summary: 'The caller’s invoices from Stripe, newest first',
  },
  webhook: {
    method: 'POST',
    path: '/plans/webhook',
    body: z.unknown(),
    responses: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
    summary: 'Stripe events: raw body, signature checked, each event id applied once',
    metadata: publicRoute,
  },
  testCheckoutPage: {
    method: 'GET',
    path: '/plans/test-checkout/:sessionId',
    pathParams: z.object({ sessionId: z.string().max(200) }),
    responses: { 200: c.otherResponse({ contentType: 'text/html', body: z.string() }) },
    summary: 'Without Stripe keys (never in production): a page that lets the user pay or fail',
    metadata: publicRoute,
  },
  completeTestCheckout: {
    method: 'POST',
    path: '/plans/test-checkout/:sessionId',
    pathParams: z.object({ sessionId: z.string().max(200) }),
    contentType: 'application/x-www-form-urlencoded',
    body: z.object({ outcome: z.enum(['success', 'failure', 'cancel-subscription']) }),
    responses: { 303: c.noBody() },
    summary:
      'Sends the signed events Stripe would send through the webhook code, then returns to the web app',
    metadata: publicRoute,
  },
});
