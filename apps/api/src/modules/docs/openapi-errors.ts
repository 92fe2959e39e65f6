// The one error body every route answers, published once as components/schemas/Error instead of inline per status.
import { STATUS_CODES } from 'node:http';
import type { AppRoute } from '@ts-rest/core';
import { ZErrorBodySchema } from '@cx/contracts';
import type { OperationObject, ResponseObject, SchemaObject } from 'openapi3-ts';

export const ERROR_SCHEMA = 'Error';
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };

/**
 * `refer` rewrites an operation's error responses (those the contract declares with ZErrorBodySchema) to name the
 * shared schema, with the status's reason as description; `schema()` then answers that schema, as generated.
 */
export function sharedErrorBody(): {
  refer: (operation: OperationObject, route: AppRoute) => OperationObject;
  schema: () => SchemaObject | undefined;
} {
  let generated: SchemaObject | undefined;
  return {
    refer(operation, route) {
      const declared = route.responses as Record<string, unknown>;
      const responses: Record<string, ResponseObject> = { ...operation.responses };
      for (const [status, response] of Object.entries(responses)) {
        if (declared[status] !== ZErrorBodySchema) continue;
        generated ??= response.content?.['application/json']?.schema as SchemaObject | undefined;
        responses[status] = {
          description: STATUS_CODES[Number(status)] ?? status,
          content: { 'application/json': { schema: ERROR_REF } },
        };
      }
      return { ...operation, responses };
    },
    schema: () => generated,
  };
}
