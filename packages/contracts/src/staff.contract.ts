// /staff: the people who work at a business's stores (list with filters, create, update, photo, deactivate, delete).
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZObjectIdSchema } from './common';

const c = initContract();

export const STAFF_NAME_MAX = 255;

const ZStaffNameSchema = z
  .string({ required_error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(STAFF_NAME_MAX, `Name must be at most ${STAFF_NAME_MAX} characters`);
const ZStaffRoleSchema = z.string().trim().max(255, 'Role must be at most 255 characters');
/** Optional work email, used to match the person in a rota import; blank clears it. */
const ZStaffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .refine((v) => v === '' || z.string().email().safeParse(v).success, 'Enter a valid email address')
  .nullable()
  .transform((v) => (v ? v : null));
const ZStaffStoresSchema = z
  .array(ZObjectIdSchema, { required_error: 'Choose at least one store' })
  .min(1, 'Choose at least one store')
  .max(100, 'At most 100 stores')
  .transform((ids) => [...new Set(ids)]);

/** Create payload (POST /staff/create). The photo is uploaded separately (PUT /staff/:id/photo). */
export const ZStaffInputSchema = z.object({
  name: ZStaffNameSchema,
  role: ZStaffRoleSchema.default(''),
  email: ZStaffEmailSchema.optional(),
  stores: ZStaffStoresSchema,
  active: z.boolean().default(true),
});
export type TStaffInput = z.input<typeof ZStaffInputSchema>;

/** Update payload (PUT /staff/:id): any subset; active=false deactivates (hidden from rota and on-shift). */
export const ZStaffUpdateSchema = z.object({
  name: ZStaffNameSchema.optional(),
  role: ZStaffRoleSchema.optional(),
  email: ZStaffEmailSchema.optional(),
  stores: ZStaffStoresSchema.optional(),
  active: z.boolean().optional(),
});
export type TStaffUpdate = z.input<typeof ZStaffUpdateSchema>;

export const ZStaffStoreRefSchema = z.object({ _id: z.string(), name: z.string() });

export const ZStaffSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Public URL of the photo (/api/v1/files/<key>) or null. */
  photo: z.string().nullable(),
  role: z.string(),
  email: z.string().nullable(),
  /** Stores the person works at (deleted stores are left out). */
  stores: z.array(ZStaffStoreRefSchema),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TStaff = z.infer<typeof ZStaffSchema>;

export const ZStaffListQuerySchema = z.object({
  /** Name or role contains q, case-insensitively. */
  q: z.string().trim().max(255).optional(),
  store: ZObjectIdSchema.optional(),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});
export type TStaffListQuery = z.input<typeof ZStaffListQuerySchema>;

const ZIdParams = z.object({ id: ZObjectIdSchema });
const ZStaffMessageSchema = z.object({ message: z.string(), staff: ZStaffSchema });

export const staffContract = c.router({
  list: {
    method: 'GET',
    path: '/staff',
    metadata: businessRoute('staff:read'),
    query: ZStaffListQuerySchema,
    responses: { 200: z.object({ staff: z.array(ZStaffSchema) }) },
    summary: 'Staff of the signed-in business (not deleted), sorted by name, filtered by q, store and status',
  },
  get: {
    method: 'GET',
    path: '/staff/:id',
    metadata: businessRoute('staff:read'),
    pathParams: ZIdParams,
    responses: { 200: z.object({ staff: ZStaffSchema }) },
    summary: 'One staff member',
  },
  create: {
    method: 'POST',
    path: '/staff/create',
    metadata: businessRoute('staff:write'),
    body: ZStaffInputSchema,
    responses: { 201: ZStaffMessageSchema },
    summary: 'Add a staff member working at one or more of your stores',
  },
  update: {
    method: 'PUT',
    path: '/staff/:id',
    metadata: businessRoute('staff:write'),
    pathParams: ZIdParams,
    body: ZStaffUpdateSchema,
    responses: { 200: ZStaffMessageSchema },
    summary: 'Update, deactivate or reactivate a staff member',
  },
  remove: {
    method: 'DELETE',
    path: '/staff/:id',
    metadata: businessRoute('staff:write'),
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: z.object({ message: z.string() }) },
    summary: 'Soft delete: ratings stay for history; shifts that have not started yet are removed',
  },
  uploadPhoto: {
    method: 'PUT',
    path: '/staff/:id/photo',
    metadata: businessRoute('staff:write'),
    pathParams: ZIdParams,
    contentType: 'multipart/form-data',
    // The web client sends FormData; the file itself is read from multer, not from this type (which names the
    // part, so the OpenAPI document can describe it as a file).
    body: z.object({ image: z.unknown() }),
    responses: { 200: ZStaffMessageSchema },
    summary: 'Replace the photo (multipart field "image": JPEG, PNG or WebP)',
  },
  removePhoto: {
    method: 'DELETE',
    path: '/staff/:id/photo',
    metadata: businessRoute('staff:write'),
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZStaffMessageSchema },
    summary: 'Remove the photo',
  },
});
