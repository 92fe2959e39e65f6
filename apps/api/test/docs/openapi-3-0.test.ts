// asOpenApi30: the generator's newer JSON Schema written the OpenAPI 3.0 way, wherever a schema sits.
import type { OpenAPIObject } from 'openapi3-ts';
import { asOpenApi30 } from '../../src/modules/docs/openapi-3-0';

const doc = (paths: OpenAPIObject['paths'], schemas = {}): OpenAPIObject => ({
  openapi: '3.0.2',
  info: { title: 't', version: '1' },
  paths,
  components: { schemas },
});
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

describe('asOpenApi30', () => {
  it('turns numeric exclusive bounds into 3.0 booleans, keeping the stricter bound', () => {
    const out = asOpenApi30(
      doc(
        {},
        {
          Bounds: {
            type: 'object',
            properties: {
              positive: { type: 'integer', minimum: 0, exclusiveMinimum: 0 },
              below: { type: 'number', exclusiveMaximum: 10 },
              alreadyStricter: {
                type: 'number',
                minimum: 5,
                exclusiveMinimum: 0,
                maximum: 7,
                exclusiveMaximum: 9,
              },
              list: { type: 'array', items: { type: 'number', exclusiveMinimum: 1 } },
              map: { type: 'object', additionalProperties: { type: 'number', exclusiveMaximum: 2 } },
            },
          },
        },
      ),
    );
    expect(out.components!.schemas!.Bounds).toEqual({
      type: 'object',
      properties: {
        positive: { type: 'integer', minimum: 0, exclusiveMinimum: true },
        below: { type: 'number', maximum: 10, exclusiveMaximum: true },
        alreadyStricter: { type: 'number', minimum: 5, maximum: 7 },
        list: { type: 'array', items: { type: 'number', minimum: 1, exclusiveMinimum: true } },
        map: { type: 'object', additionalProperties: { type: 'number', maximum: 2, exclusiveMaximum: true } },
      },
    });
  });

  it('drops nullable from "any value" only, and makes open multipart parts files and open parameters strings', () => {
    const out = asOpenApi30(
      doc({
        '/a': {
          post: {
            parameters: [{ name: 'ids', in: 'query', schema: { nullable: true } }],
            requestBody: json({
              type: 'object',
              properties: { raw: { nullable: true }, name: { type: 'string', nullable: true } },
            }),
            responses: { 200: json({ oneOf: [{ type: 'string' }], nullable: true }) },
          },
          put: {
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: { photo: { nullable: true }, note: { type: 'string' } },
                  },
                },
              },
            },
            responses: {},
          },
          patch: {
            requestBody: { content: { 'multipart/form-data': { schema: { nullable: true } } } },
            responses: {},
          },
        },
      }),
    );
    const a = JSON.parse(JSON.stringify(out.paths['/a']));
    expect(a.post.parameters[0].schema).toEqual({ type: 'string' });
    expect(a.post.requestBody.content['application/json'].schema.properties).toEqual({
      raw: {},
      name: { type: 'string', nullable: true },
    });
    expect(a.post.responses[200].content['application/json'].schema.nullable).toBe(true);
    expect(a.put.requestBody.content['multipart/form-data'].schema.properties).toEqual({
      photo: { type: 'string', format: 'binary' },
      note: { type: 'string' },
    });
    expect(a.patch.requestBody.content['multipart/form-data'].schema).toEqual({ type: 'object' });
  });

  it('drops a discriminator over inline branches and keeps one over $refs', () => {
    const inline = { type: 'object', properties: { kind: { type: 'string', enum: ['a'] } } };
    const out = asOpenApi30(
      doc(
        {},
        {
          Inline: { oneOf: [inline], discriminator: { propertyName: 'kind' } },
          Named: { oneOf: [{ $ref: '#/components/schemas/A' }], discriminator: { propertyName: 'kind' } },
        },
      ),
    );
    expect(out.components!.schemas!.Inline).toEqual({ oneOf: [inline] });
    expect(out.components!.schemas!.Named).toHaveProperty('discriminator', { propertyName: 'kind' });
  });
});
