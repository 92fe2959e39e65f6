// Closing the loop with people outside the dashboard: replies to the customer, the customer's signed reply link and
// "did we put it right?", the named staff member's side (through their scorecard link) and the manager's ruling.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import {
  CASE_MESSAGES,
  CASE_NOTE_MAX,
  CASE_REPLY_MAX,
  ZCaseMessageSchema,
  ZCaseDetailSchema,
} from './cases.schemas';
import { ZObjectIdSchema } from './common';

const c = initContract();

/** A signed, unguessable link token (base64url). */
const ZLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_.-]{20,300}$/, 'This link is not valid');

export const ZCaseReplyInputSchema = z.object({
  text: z.string().trim().min(1, CASE_MESSAGES.replyRequired).max(CASE_REPLY_MAX),
  /** email by default; sms only where the business configured a provider and the customer gave a phone. */
  channel: z.enum(['email', 'sms']).default('email'),
});
export type TCaseReplyInput = z.input<typeof ZCaseReplyInputSchema>;

/** What the customer sees behind the mailed link: no member names beyond the business's, no internal notes. */
export const ZCustomerCaseViewSchema = z.object({
  businessName: z.string(),
  storeName: z.string(),
  messages: z.array(z.object({ from: z.enum(['business', 'customer']), text: z.string(), at: z.string() })),
  /** False once the case is closed. */
  canAnswer: z.boolean(),
  /** True after resolution until the customer answers "did we put it right?" (asked once). */
  askRecovery: z.boolean(),
  recovered: z.boolean().nullable(),
});
export type TCustomerCaseView = z.infer<typeof ZCustomerCaseViewSchema>;

export const ZCustomerAnswerSchema = z.object({
  text: z.string().trim().min(1, CASE_MESSAGES.replyRequired).max(CASE_REPLY_MAX),
});
export const ZRecoveryAnswerSchema = z.object({ recovered: z.boolean() });

/** A complaint naming the staff member, as they see it through their scorecard link: no customer details at all. */
export const ZStaffCaseSchema = z.object({
  _id: ZObjectIdSchema,
  number: z.number().int(),
  storeName: z.string(),
  score: z.number(),
  comment: z.string(),
  tags: z.array(z.string()),
  ratedAt: z.string(),
  side: z.string().nullable(),
  dispute: z.enum(['none', 'open', 'fair', 'unfair']),
});
export type TStaffCase = z.infer<typeof ZStaffCaseSchema>;

export const ZStaffSideInputSchema = z.object({
  text: z.string().trim().min(1, 'Write your side').max(CASE_NOTE_MAX),
  /** Ask the manager to rule the rating unfair. */
  dispute: z.boolean().default(false),
});

export const ZDisputeRulingSchema = z.object({
  ruling: z.enum(['fair', 'unfair'], {
    errorMap: () => ({ message: 'Rule the rating fair or unfair' }),
  }),
  note: z.string().trim().max(CASE_NOTE_MAX).optional(),
});
export type TDisputeRuling = z.input<typeof ZDisputeRulingSchema>;

const idParam = z.object({ id: ZObjectIdSchema });
const tokenParam = z.object({ token: ZLinkTokenSchema });
const publicRoute = { public: true } as const;

export const caseLoopContract = c.router({
  reply: {
    method: 'POST',
    path: '/cases/:id/replies',
    pathParams: idParam,
    body: ZCaseReplyInputSchema,
    responses: { 201: ZCaseMessageSchema },
    summary: "Reply to the customer by email (or SMS) from the business's name, with a signed link to answer",
    metadata: businessRoute('cases:manage'),
  },
  rule: {
    method: 'POST',
    path: '/cases/:id/dispute',
    pathParams: idParam,
    body: ZDisputeRulingSchema,
    responses: { 200: ZCaseDetailSchema },
    summary:
      "Rule on the staff member's dispute: unfair takes the rating out of that person's figures (not the store's)",
    metadata: businessRoute('cases:manage'),
  },
  customerView: {
    method: 'GET',
    path: '/case-replies/:token',
    pathParams: tokenParam,
    responses: { 200: ZCustomerCaseViewSchema },
    summary: "The customer's side of the conversation behind the mailed link (404 once expired or erased)",
    metadata: publicRoute,
  },
  customerAnswer: {
    method: 'POST',
    path: '/case-replies/:token',
    pathParams: tokenParam,
    body: ZCustomerAnswerSchema,
    responses: { 201: ZCustomerCaseViewSchema },
    summary: 'The customer answers: the case moves to in progress',
    metadata: publicRoute,
  },
  customerRecovery: {
    method: 'POST',
    path: '/case-replies/:token/recovery',
    pathParams: tokenParam,
    body: ZRecoveryAnswerSchema,
    responses: { 201: ZCustomerCaseViewSchema },
    summary: '"Did we put it right?" — answered once after resolution; its answers make the recovery rate',
    metadata: publicRoute,
  },
  staffCases: {
    method: 'GET',
    path: '/scorecards/public/:token/cases',
    pathParams: tokenParam,
    responses: { 200: z.object({ items: z.array(ZStaffCaseSchema) }) },
    summary: 'Open complaints naming the staff member of a shared scorecard (no customer details)',
    metadata: publicRoute,
  },
  staffSide: {
    method: 'POST',
    path: '/scorecards/public/:token/cases/:caseId/side',
    pathParams: tokenParam.extend({ caseId: ZObjectIdSchema }),
    body: ZStaffSideInputSchema,
    responses: { 201: ZStaffCaseSchema },
    summary: 'The staff member adds their side, and may dispute the rating',
    metadata: publicRoute,
  },
});
