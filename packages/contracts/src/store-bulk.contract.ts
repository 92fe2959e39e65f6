// /stores/bulk: one change (interface switches, opening hours) applied to many stores at once, within the member's stores.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZObjectIdSchema } from './common';
import { ZOpeningHoursSchema, ZStoreInterfacesUpdateSchema } from './stores.contract';

const c = initContract();

/** A chain's largest plausible selection; the web sends the ids it lists (already the member's stores). */
export const BULK_STORES_MAX = 1000;

export const ZBulkStoreIdsSchema = z
  .array(ZObjectIdSchema, {
    required_error: 'Choose at least one store',
    invalid_type_error: 'Stores must be a list of store ids',
  })
  .min(1, 'Choose at least one store')
  .max(BULK_STORES_MAX, `Choose at most ${BULK_STORES_MAX} stores`)
  // Duplicates would count one store twice in the answer.
  .transform((ids) => [...new Set(ids)]);

export const ZBulkInterfacesBodySchema = z.object({
  stores: ZBulkStoreIdsSchema,
  interfaces: ZStoreInterfacesUpdateSchema,
});
export type TBulkInterfacesBody = z.input<typeof ZBulkInterfacesBodySchema>;

export const ZBulkOpeningHoursBodySchema = z.object({
  stores: ZBulkStoreIdsSchema,
  /** The whole week as it will be at every chosen store; the stores then set their hours themselves. */
  openingHours: ZOpeningHoursSchema,
});
export type TBulkOpeningHoursBody = z.input<typeof ZBulkOpeningHoursBodySchema>;

export const ZBulkResultSchema = z.object({
  message: z.string(),
  /** Stores whose setting changed (one audit entry each). */
  changed: z.array(z.string()),
  /** Stores that already had it (nothing written, no audit entry). */
  unchanged: z.array(z.string()),
});
export type TBulkResult = z.infer<typeof ZBulkResultSchema>;

export const storeBulkContract = c.router({
  interfaces: {
    method: 'PUT',
    path: '/stores/bulk/interfaces',
    // Store scope is checked per store in the service: every id must be one of the member's stores (else 404).
    metadata: businessRoute('stores:write'),
    body: ZBulkInterfacesBodySchema,
    responses: { 200: ZBulkResultSchema },
    summary:
      'Turn interfaces on or off at many stores at once (all or nothing: an id outside your stores is a 404 and nothing changes)',
  },
  openingHours: {
    method: 'PUT',
    path: '/stores/bulk/opening-hours',
    metadata: businessRoute('stores:write'),
    body: ZBulkOpeningHoursBodySchema,
    responses: { 200: ZBulkResultSchema },
    summary:
      'Give many stores the same opening hours (they become each store’s own, no longer taken from its area)',
  },
});
