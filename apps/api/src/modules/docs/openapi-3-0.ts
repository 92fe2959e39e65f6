// Rewrites what the zod-to-OpenAPI generator emits into valid OpenAPI 3.0 (exclusive bounds, typeless nullable, files).
import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts';

type Schema = SchemaObject | ReferenceObject;
const isSchema = (value: unknown): value is SchemaObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !('$ref' in value);

/** JSON Schema 2019 bounds (`exclusiveMinimum: 0`) become 3.0's `minimum: 0, exclusiveMinimum: true`. */
function exclusiveBound(schema: SchemaObject, exclusive: 'exclusiveMinimum' | 'exclusiveMaximum'): void {
  const bound = schema[exclusive] as unknown;
  if (typeof bound !== 'number') return;
  const inclusive = exclusive === 'exclusiveMinimum' ? 'minimum' : 'maximum';
  const current = schema[inclusive];
  const stricter =
    exclusive === 'exclusiveMinimum'
      ? current !== undefined && current > bound
      : current !== undefined && current < bound;
  if (stricter) {
    delete schema[exclusive];
    return;
  }
  schema[inclusive] = bound;
  schema[exclusive] = true;
}

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * Fixes one schema and everything under it, in place. `file`: the schema is a part of a multipart form, where a
 * typeless field is the uploaded file.
 */
function fixSchema(schema: Schema | undefined, file = false): void {
  if (!isSchema(schema)) return;
  exclusiveBound(schema, 'exclusiveMinimum');
  exclusiveBound(schema, 'exclusiveMaximum');
  const composed = COMPOSITIONS.some((k) => schema[k]);
  if (schema.type === undefined && !composed && !schema.enum) {
    // z.unknown()/z.any(): "any value" already admits null in 3.0, and `nullable` needs a `type` beside it.
    delete schema.nullable;
    if (file) Object.assign(schema, { type: 'string', format: 'binary' });
  }
  // A discriminator can only pick among $ref'd schemas; over inline branches it tells a generator nothing (and
  // misleads some), so the branches' own `enum`s on the tag stay the way to tell them apart.
  if (schema.discriminator && COMPOSITIONS.some((k) => schema[k]?.some((s) => !('$ref' in s)))) {
    delete schema.discriminator;
  }
  for (const k of COMPOSITIONS) schema[k]?.forEach((s) => fixSchema(s));
  for (const property of Object.values(schema.properties ?? {})) fixSchema(property, file);
  if (typeof schema.additionalProperties === 'object') fixSchema(schema.additionalProperties);
  fixSchema(schema.items);
  fixSchema(schema.not);
}

function fixContent(content: RequestBodyObject['content'] | undefined): void {
  for (const [type, media] of Object.entries(content ?? {})) {
    const multipart = type === 'multipart/form-data';
    if (multipart && isSchema(media.schema) && media.schema.type === undefined && !media.schema.properties) {
      // A form whose fields the contract leaves open: still a form, whatever parts it has.
      media.schema = { type: 'object' };
    }
    fixSchema(media.schema, multipart);
  }
}

/** A parameter the contract parses with a transform (`stores=a,b`) loses its type: on the wire it is a string. */
function fixParameter(parameter: ParameterObject): void {
  const schema = parameter.schema;
  if (isSchema(schema) && schema.type === undefined && !COMPOSITIONS.some((k) => schema[k])) {
    delete schema.nullable;
    schema.type = 'string';
  }
  fixSchema(schema);
}

/** Applies the 3.0 rewrites to every schema of the document (paths and components), in place; answers it. */
export function asOpenApi30(doc: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(doc.paths ?? {}) as Record<string, OperationObject>[]) {
    for (const op of Object.values(item)) {
      if (typeof op !== 'object' || op === null) continue;
      for (const p of (op.parameters ?? []) as ParameterObject[]) fixParameter(p);
      fixContent((op.requestBody as RequestBodyObject | undefined)?.content);
      for (const response of Object.values(op.responses ?? {}) as ResponseObject[])
        fixContent(response.content);
    }
  }
  for (const schema of Object.values(doc.components?.schemas ?? {})) fixSchema(schema);
  return doc;
}
