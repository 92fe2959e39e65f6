// /privacy: the data-subject request tool — everything held for one email or phone, exported as JSON, or erased.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { CASE_MESSAGES } from './cases.schemas';

const c = initContract();

export const ZSubjectQuerySchema = z
  .object({
    email: z.string().trim().toLowerCase().email(CASE_MESSAGES.contactEmail).optional(),
    phone: z.string().trim().min(6, CASE_MESSAGES.contactPhone).max(20).optional(),
  })
  .refine((v) => !!v.email || !!v.phone, { message: CASE_MESSAGES.contactNeeded, path: ['email'] });
export type TSubjectQuery = z.input<typeof ZSubjectQuerySchema>;

/** Everything held for the subject: each contact request with its rating and case conversation. */
export const ZSubjectExportSchema = z.object({
  subject: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  exportedAt: z.string(),
  records: z.array(
    z.object({
      caseId: z.string().nullable(),
      caseNumber: z.number().nullable(),
      store: z.string(),
      contact: z.object({
        email: z.string().nullable(),
        phone: z.string().nullable(),
        consentAt: z.string(),
      }),
      rating: z
        .object({ score: z.number(), comment: z.string(), tags: z.array(z.string()), at: z.string() })
        .nullable(),
      messages: z.array(z.object({ from: z.string(), text: z.string(), at: z.string() })),
    }),
  ),
});
export type TSubjectExport = z.infer<typeof ZSubjectExportSchema>;

export const privacyContract = c.router({
  exportSubject: {
    method: 'POST',
    path: '/privacy/subject/export',
    body: ZSubjectQuerySchema,
    responses: { 200: ZSubjectExportSchema },
    summary: 'Find and export, as JSON, everything held for one email address or phone number',
    metadata: businessRoute('privacy:manage'),
  },
  eraseSubject: {
    method: 'POST',
    path: '/privacy/subject/erase',
    body: ZSubjectQuerySchema,
    responses: { 200: z.object({ erased: z.number().int() }) },
    summary:
      "Erase one email address's or phone number's contact details and the customer's messages; cases stay",
    metadata: businessRoute('privacy:manage'),
  },
});
