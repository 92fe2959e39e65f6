// GET /api/v1/openapi.json and GET /api/docs: generated from the contract, so every route of it is documented.
import request from 'supertest';
import { createApp } from '../../src/app';
import { contractRoutes } from '../security/support';

const app = createApp();
const routes = contractRoutes();
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('GET /api/v1/openapi.json', () => {
  it('documents every route of the contract with its method, and marks which need a bearer token', async () => {
    const res = await request(app).get('/api/v1/openapi.json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = res.body.paths as Record<
      string,
      Record<string, { security?: unknown[]; summary?: string }>
    >;
    const missing = routes.filter((r) => !paths[openApiPath(r.route.path)]?.[r.route.method.toLowerCase()]);
    expect(missing.map((r) => r.key)).toEqual([]);
    for (const r of routes) {
      const op = paths[openApiPath(r.route.path)]![r.route.method.toLowerCase()]!;
      expect({ key: r.key, secured: (op.security ?? []).length > 0 }).toEqual({
        key: r.key,
        secured: !r.isPublic,
      });
    }
    const documented = Object.values(paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(documented).toBe(routes.length);
  });

  it('declares the API-key scheme and shows it, with its scope, exactly on the routes a key may call', async () => {
    const res = await request(app).get('/api/v1/openapi.json').expect(200);
    expect(res.body.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'cxk_…',
    });
    const seen = routes.map((r) => {
      const op = res.body.paths[openApiPath(r.route.path)][r.route.method.toLowerCase()];
      const keyed = (op.security ?? []).some((s: Record<string, unknown>) => 'apiKey' in s);
      const scope = /holding the `([a-z:]+)` scope/.exec(op.description ?? '')?.[1] ?? null;
      return [r.key, keyed, scope];
    });
    const expected = routes.map((r) => {
      const scope = (r.route.metadata as { apiKey?: string } | undefined)?.apiKey ?? null;
      return [r.key, scope !== null, scope];
    });
    expect(seen).toEqual(expected);
    // 10 reads (ratings, analytics with the area league, the themes report), the 8 webhook routes (webhooks:manage),
    // the store import (stores:import) and the 3 case reads (cases:read: list, one case, the numbers).
    expect(expected.filter(([, keyed]) => keyed).length).toBe(22);
  });
});

describe('the error body', () => {
  it('is published once, as components/schemas/Error, and every error response names it and its status', async () => {
    const res = await request(app).get('/api/v1/openapi.json').expect(200);
    expect(res.body.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, fieldErrors: { type: 'object' } },
      required: ['message'],
    });
    type Response = { description: string; content?: Record<string, { schema: unknown }> };
    const paths = res.body.paths as Record<string, Record<string, { responses: Record<string, Response> }>>;
    // The one documented exception: opening a case by hand for a rating that has one answers 409 with that case.
    const exception = paths['/api/v1/cases']!.post!.responses['409']!;
    expect(exception.content?.['application/json']?.schema).toMatchObject({
      properties: { number: {}, history: {} },
    });
    const errors = Object.values(paths).flatMap((ops) =>
      Object.values(ops).flatMap((op) =>
        Object.entries(op.responses).filter(([status, r]) => Number(status) >= 400 && r !== exception),
      ),
    );
    expect(errors.length).toBeGreaterThan(routes.length * 10);
    const schemas = new Set(errors.map(([, r]) => JSON.stringify(r.content?.['application/json']?.schema)));
    expect([...schemas]).toEqual([JSON.stringify({ $ref: '#/components/schemas/Error' })]);
    const timeline = paths['/api/v1/analytics/timeline']!.get!.responses;
    expect([timeline['400']!.description, timeline['429']!.description]).toEqual([
      'Bad Request',
      'Too Many Requests',
    ]);
  });
});

describe('GET /api/docs', () => {
  it('renders a reference page listing every route, with no inline script', async () => {
    const res = await request(app).get('/api/docs').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const r of routes)
      expect(res.text).toContain(`<code>${r.route.method}</code></td><td><code>${r.route.path}</code>`);
    const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.map(([, attrs, inline]) => [attrs?.trim(), inline])).toEqual([
      ['src="/api/docs/try-it.js" defer', ''],
    ]);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('offers a "Try it" form for the routes an API key may call, its script served by the API', async () => {
    const res = await request(app).get('/api/docs').expect(200);
    expect(res.text).toContain('<form id="try-it"');
    expect(res.text).toContain('<option value="/api/v1/analytics/timeline">');
    expect(res.text).toContain('name="key" type="password"');
    expect(res.text).not.toContain('<option value="/api/v1/stores"');
    const script = await request(app).get('/api/docs/try-it.js').expect(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.text).toContain("Authorization: 'Bearer '");
  });
});
