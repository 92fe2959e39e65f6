// Which stores a dashboard call covers, as a query piece every analytics route shares: `stores=` and `areas=`.
import { z } from 'zod';
import { ZObjectIdSchema } from './common';

/** A comma-separated id list in a query string ("a,b"); empty means no filter. */
const idList = (what: string) =>
  z
    .string()
    .trim()
    .transform((s) => (s ? s.split(',').map((x) => x.trim()) : []))
    .pipe(z.array(ZObjectIdSchema).max(100, `At most 100 ${what} at once`));

/**
 * `stores`: these stores; `areas`: every live store under these areas (any depth); both: the stores in both. Either
 * way only stores the caller covers: a filter narrows a member's view, never widens it.
 */
export const ZStoreScopeQuerySchema = z.object({
  /** Comma-separated store ids; empty means every live store the caller covers. */
  stores: idList('stores').optional(),
  /** Comma-separated area ids: the stores under them (an area of another business is not found). */
  areas: idList('areas').optional(),
});
export type TStoreScopeQuery = z.infer<typeof ZStoreScopeQuerySchema>;
