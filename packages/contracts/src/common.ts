// Pieces every resource contract shares: the one error body, the ObjectId string, and the common error responses.
// Each contract file calls initContract() itself: ts-rest's builder type cannot be named in emitted declarations.
import { z } from 'zod';

export const ZErrorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBodySchema>;

/** A MongoDB ObjectId as it travels on the wire: 24 hex characters. */
export const ZObjectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'Must be a valid id');

/** Every route can answer with these; listed once and merged into each route's responses. */
export const commonResponses = {
  400: ZErrorBodySchema,
  401: ZErrorBodySchema,
  403: ZErrorBodySchema,
  404: ZErrorBodySchema,
  409: ZErrorBodySchema,
  413: ZErrorBodySchema,
  429: ZErrorBodySchema,
  500: ZErrorBodySchema,
  /** MongoDB briefly unreachable: safe to retry (the customer pages' outbox does). */
  503: ZErrorBodySchema,
} as const;

/** Headers every authenticated route accepts; the bearer token is read by the API's auth middleware. */
export const ZAuthHeadersSchema = z.object({
  authorization: z.string().optional(),
});
