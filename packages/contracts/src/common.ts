// Pieces every resource contract shares: the one error body, the ObjectId string, and the common error responses.
// Each contract file calls initContract() itself: ts-rest's builder type cannot be named in emitted declarations.
import { z } from 'zod';

export const ZErrorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBodySchema>;

/** A plain confirmation: `{ message }`. */
export const ZMessageSchema = z.object({ message: z.string() });

/** A MongoDB ObjectId as it travels on the wire: 24 hex characters. */
export const ZObjectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'Must be a valid id');

/** The stores an API key or a webhook endpoint is limited to; absent or empty: every store the caller covers. */
export const ZStoreLimitSchema = z
  .array(ZObjectIdSchema)
  .max(500, 'At most 500 stores')
  .optional()
  .transform((ids) => (ids ? [...new Set(ids)] : undefined));

/**
 * A whole number from a query string, bounded so an absurd value (page=1e20, limit=abc) is a 400 naming the field
 * instead of a skip the database refuses. `label` starts each message ("Page must be …").
 */
export function zQueryInt(label: string, min: number, max: number) {
  return z.coerce
    .number({ invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} can be at most ${max}`);
}

/** The deepest page a list can be asked for: far past any real list, well inside what a database skip accepts. */
export const MAX_PAGE = 10_000;
/** A page number from the query (1-based). */
export const zPage = () => zQueryInt('Page', 1, MAX_PAGE).default(1);

/** Every route can answer with these; listed once and merged into each route's responses. */
export const commonResponses = {
  400: ZErrorBodySchema,
  401: ZErrorBodySchema,
  /** The business's subscription is expired or canceled: every business route but billing (see access.ts). */
  402: ZErrorBodySchema,
  403: ZErrorBodySchema,
  404: ZErrorBodySchema,
  409: ZErrorBodySchema,
  413: ZErrorBodySchema,
  /** A body in an encoding, charset or content type the API does not read. */
  415: ZErrorBodySchema,
  429: ZErrorBodySchema,
  500: ZErrorBodySchema,
  /** MongoDB briefly unreachable: safe to retry (the customer pages' outbox does). */
  503: ZErrorBodySchema,
} as const;

/** Headers every authenticated route accepts; the bearer token is read by the API's auth middleware. */
export const ZAuthHeadersSchema = z.object({
  authorization: z.string().optional(),
});
