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
});

describe('GET /api/docs', () => {
  it('renders a reference page listing every route, without any script', async () => {
    const res = await request(app).get('/api/docs').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const r of routes)
      expect(res.text).toContain(`<code>${r.route.method}</code></td><td><code>${r.route.path}</code>`);
    expect(res.text).not.toMatch(/<script/i);
  });
});
