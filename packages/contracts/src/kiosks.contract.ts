// Kiosk tablets: a shop's shared tablet enrolled by a signed-in editor, listed with its last use, revocable.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute, storeRoute } from './access';
import { ZObjectIdSchema } from './common';

const c = initContract();

export const KIOSK_LABEL_MAX = 60;

export const ZKioskEnrolSchema = z.object({
  /** A name the owner recognises in the list, e.g. "Till tablet". */
  label: z
    .string()
    .trim()
    .max(KIOSK_LABEL_MAX, `Label must be at most ${KIOSK_LABEL_MAX} characters`)
    .optional(),
});
export type TKioskEnrol = z.input<typeof ZKioskEnrolSchema>;

/** The enrolment answer: the credential is shown this once (the server keeps only its hash). */
export const ZKioskEnrolledSchema = z.object({
  _id: ZObjectIdSchema,
  credential: z.string(),
  store: ZObjectIdSchema,
  label: z.string(),
  createdAt: z.string(),
});
export type TKioskEnrolled = z.infer<typeof ZKioskEnrolledSchema>;

export const ZKioskSchema = z.object({
  _id: ZObjectIdSchema,
  store: z.object({ _id: ZObjectIdSchema, name: z.string() }),
  label: z.string(),
  /** Who enrolled it; null once that person's account is gone. */
  createdBy: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
  /** Last accepted submit from it (updated at most once a minute); null when never used. */
  lastUsedAt: z.string().nullable(),
});
export type TKiosk = z.infer<typeof ZKioskSchema>;

export const kiosksContract = c.router({
  enrol: {
    method: 'POST',
    path: '/stores/:id/kiosks',
    metadata: storeRoute('stores:write'),
    pathParams: z.object({ id: ZObjectIdSchema }),
    body: ZKioskEnrolSchema,
    responses: { 201: ZKioskEnrolledSchema },
    summary: 'Enrol this tablet as a kiosk of the store; answers its credential once',
  },
  list: {
    method: 'GET',
    path: '/kiosks',
    metadata: businessRoute('stores:read'),
    responses: { 200: z.object({ kiosks: z.array(ZKioskSchema) }) },
    summary: "The enrolled kiosk tablets of the member's stores, newest first (never their credentials)",
  },
  revoke: {
    method: 'DELETE',
    path: '/kiosks/:id',
    metadata: businessRoute('stores:write'),
    pathParams: z.object({ id: ZObjectIdSchema }),
    body: c.noBody(),
    responses: { 200: z.object({ message: z.string() }) },
    summary: 'Revoke a kiosk: its ratings count as a phone’s from then on',
  },
});
