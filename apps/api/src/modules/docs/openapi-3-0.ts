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
const ANNOTATIONS = new Set(['nullable', 'description', 'default', 'example', 'title']);

/** What z.unknown()/z.any() become: a schema that says nothing about the value. */
const isAnyValue = (schema: Schema | undefined): schema is SchemaObject =>
  isSchema(schema) && Object.keys(schema).every((k) => ANNOTATIONS.has(k));

/** Fixes one schema and everything under it, in place. */
function fixSchema(schema: Schema | undefined): void {
  if (!isSchema(schema)) return;
  exclusiveBound(schema, 'exclusiveMinimum');
  exclusiveBound(schema, 'exclusiveMaximum');
  // "Any value" already admits null, and 3.0's `nullable` needs a `type` beside it.
  if (isAnyValue(schema)) delete schema.nullable;
  // A discriminator can only pick among $ref'd schemas; over inline branches it tells a generator nothing (and
  // misleads some), so the branches' own `enum`s on the tag stay the way to tell them apart.
  if (schema.discriminator && COMPOSITIONS.some((k) => schema[k]?.some((s) => !('$ref' in s)))) {
    delete schema.discriminator;
  }
  for (const k of COMPOSITIONS) schema[k]?.forEach((s) => fixSchema(s));
  for (const property of Object.values(schema.properties ?? {})) fixSchema(property);
  if (typeof schema.additionalProperties === 'object') fixSchema(schema.additionalProperties);
  fixSchema(schema.items);
  fixSchema(schema.not);
}

function fixContent(content: RequestBodyObject['content'] | undefined): void {
  for (const [type, media] of Object.entries(content ?? {})) {
    if (type === 'multipart/form-data') {
      // A form is an object whatever its parts; a part the contract leaves open is the uploaded file (multer's).
      if (isAnyValue(media.schema)) media.schema = { type: 'object' };
      const parts = isSchema(media.schema) ? (media.schema.properties ?? {}) : {};
      for (const [name, part] of Object.entries(parts)) {
        if (isAnyValue(part)) parts[name] = { type: 'string', format: 'binary' };
      }
    }
    fixSchema(media.schema);
  }
}

/** A parameter the contract parses with a transform (`stores=a,b`) loses its type: on the wire it is a string. */
function fixParameter(parameter: ParameterObject): void {
  if (isAnyValue(parameter.schema)) parameter.schema = { type: 'string' };
  fixSchema(parameter.schema);
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
