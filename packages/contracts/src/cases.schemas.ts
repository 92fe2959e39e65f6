// A case: one complaint or contact request that someone owns, answers and resolves in time (shapes shared by every case route).
import { z } from 'zod';
import { ZObjectIdSchema } from './common';

export const CASE_STATUSES = ['new', 'in_progress', 'waiting', 'resolved', 'closed'] as const;
export const ZCaseStatusSchema = z.enum(CASE_STATUSES, {
  errorMap: () => ({ message: 'Status must be new, in_progress, waiting, resolved or closed' }),
});
export type TCaseStatus = z.infer<typeof ZCaseStatusSchema>;
export const CASE_STATUS_LABELS: Record<TCaseStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  waiting: 'Waiting for customer',
  resolved: 'Resolved',
  closed: 'Closed',
};
/** Statuses in which the case still counts against its due time. */
export const OPEN_CASE_STATUSES: readonly TCaseStatus[] = ['new', 'in_progress', 'waiting'];

export const CASE_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export const ZCasePrioritySchema = z.enum(CASE_PRIORITIES, {
  errorMap: () => ({ message: 'Priority must be urgent, high, normal or low' }),
});
export type TCasePriority = z.infer<typeof ZCasePrioritySchema>;
export const CASE_PRIORITY_LABELS: Record<TCasePriority, string> = {
  urgent: 'Urgent',
  high: 'High',
  normal: 'Normal',
  low: 'Low',
};

export const ROOT_CAUSES = [
  'staff_behaviour',
  'wait_time',
  'order_error',
  'product_quality',
  'cleanliness',
  'price',
  'stock',
  'process',
  'other',
] as const;
export const ZRootCauseSchema = z.enum(ROOT_CAUSES, {
  errorMap: () => ({ message: 'Choose a root cause from the list' }),
});
export type TRootCause = z.infer<typeof ZRootCauseSchema>;
export const ROOT_CAUSE_LABELS: Record<TRootCause, string> = {
  staff_behaviour: 'Staff behaviour',
  wait_time: 'Waiting time',
  order_error: 'Order wrong',
  product_quality: 'Product quality',
  cleanliness: 'Cleanliness',
  price: 'Price',
  stock: 'Out of stock',
  process: 'Process or policy',
  other: 'Other',
};

export const CASE_MESSAGES = {
  rootCauseRequired: 'Choose a root cause before resolving',
  actionRequired: 'Say what was done to put it right before resolving',
  closeForbidden: 'Only a store manager or above can resolve or close a case',
  ownerForbidden: 'Only a store manager or above can reassign a case',
  ownerNotMember: 'The owner must be a member who covers this store',
  priorityForbidden: "Only a store manager or above can change a case's priority",
  statusChanged: 'Someone else changed this case meanwhile: reload it and try again',
  badCursor: 'This page link has expired: start from the first page',
  noteRequired: 'Write a note',
  replyRequired: 'Write a reply',
  noContact: 'This customer did not ask to be contacted',
  contactEmail: 'Enter a valid email address',
  contactPhone: 'Enter a valid phone number',
  contactConsent: 'Tick the box to agree to be contacted',
  contactNeeded: 'Give an email address or a phone number',
} as const;

export const CASE_NOTE_MAX = 2000;
export const CASE_ACTION_MAX = 1000;
export const CASE_REPLY_MAX = 2000;

/** The optional contact request a customer adds to a 1–3★ rating (never shown to members without `cases:contact`). */
export const ZContactRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().email(CASE_MESSAGES.contactEmail).max(254).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, CASE_MESSAGES.contactPhone)
      .optional(),
    consent: z.literal(true, { errorMap: () => ({ message: CASE_MESSAGES.contactConsent }) }),
  })
  .refine((c) => !!c.email || !!c.phone, { message: CASE_MESSAGES.contactNeeded, path: ['email'] });
export type TContactRequest = z.input<typeof ZContactRequestSchema>;

/** A case's customer contact as a member sees it: masked (e.g. "j•••@e•••.com") without `cases:contact`, null once erased. */
export const ZCaseContactSchema = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  masked: z.boolean(),
  erased: z.boolean(),
});
export type TCaseContact = z.infer<typeof ZCaseContactSchema>;

const ZNamedSchema = z.object({ _id: ZObjectIdSchema, name: z.string() });

export const ZCaseRatingSchema = z.object({
  _id: ZObjectIdSchema,
  kind: z.enum(['staff', 'experience']),
  score: z.number(),
  comment: z.string(),
  tags: z.array(z.string()),
  staff: ZNamedSchema.nullable(),
  createdAt: z.string(),
});

export const CASE_REASONS = ['low_with_comment', 'contact_request', 'rule', 'manual'] as const;
export const ZCaseReasonSchema = z.enum(CASE_REASONS);
export type TCaseReason = z.infer<typeof ZCaseReasonSchema>;

export const DISPUTE_STATES = ['none', 'open', 'fair', 'unfair'] as const;
export const ZDisputeStateSchema = z.enum(DISPUTE_STATES);

/** A case in the inbox. */
export const ZCaseSchema = z.object({
  _id: ZObjectIdSchema,
  /** Per-business running number shown as "#12". */
  number: z.number().int(),
  store: ZNamedSchema,
  rating: ZCaseRatingSchema.nullable(),
  reason: ZCaseReasonSchema,
  /** One line: "1★ with a comment", "Contact request", the rule's name. */
  summary: z.string(),
  status: ZCaseStatusSchema,
  priority: ZCasePrioritySchema,
  owner: ZNamedSchema.nullable(),
  dueAt: z.string(),
  overdue: z.boolean(),
  /** How many levels up the area tree (or to the owner) it has escalated. */
  escalationLevel: z.number().int(),
  rootCause: ZRootCauseSchema.nullable(),
  action: z.string().nullable(),
  contact: ZCaseContactSchema.nullable(),
  firstResponseAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The customer's "did we put it right?" answer; null before one. */
  recovered: z.boolean().nullable(),
  dispute: ZDisputeStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCase = z.infer<typeof ZCaseSchema>;

export const ZCaseNoteSchema = z.object({
  _id: ZObjectIdSchema,
  author: ZNamedSchema,
  text: z.string(),
  at: z.string(),
});
export type TCaseNote = z.infer<typeof ZCaseNoteSchema>;

export const CASE_MESSAGE_FROM = ['member', 'customer', 'staff'] as const;
/** The conversation: replies to the customer, the customer's answers, the named staff member's side. */
export const ZCaseMessageSchema = z.object({
  _id: ZObjectIdSchema,
  from: z.enum(CASE_MESSAGE_FROM),
  /** The member's name; "Customer"; the staff member's first name. */
  author: z.string(),
  channel: z.enum(['email', 'sms', 'link', 'scorecard']),
  text: z.string(),
  at: z.string(),
  /** For a reply to the customer: whether the mail or SMS was handed to the provider. */
  delivered: z.boolean().nullable(),
});
export type TCaseMessage = z.infer<typeof ZCaseMessageSchema>;

export const ZCaseEventSchema = z.object({
  at: z.string(),
  /** "Dana Lee", "System", "Customer", a staff first name. */
  actor: z.string(),
  /** e.g. "opened", "assigned", "status", "escalated", "note", "reply", "answer", "recovery", "dispute". */
  action: z.string(),
  summary: z.string(),
});
export type TCaseEvent = z.infer<typeof ZCaseEventSchema>;

export const ZCaseDetailSchema = ZCaseSchema.extend({
  notes: z.array(ZCaseNoteSchema),
  messages: z.array(ZCaseMessageSchema),
  history: z.array(ZCaseEventSchema),
  /** What the signed-in member may do here (the screens hide the rest). */
  can: z.object({ update: z.boolean(), close: z.boolean(), reply: z.boolean(), rule: z.boolean() }),
});
export type TCaseDetail = z.infer<typeof ZCaseDetailSchema>;
