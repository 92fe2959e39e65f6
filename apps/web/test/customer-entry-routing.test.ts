// @vitest-environment node
// The dev server and `vite preview` answer the eight customer paths with the lean entry (customer.html), everything else
// with the dashboard SPA; preview sends the hash-based CSP for it and the cache headers (HTML revalidated, assets forever).
// Both fill the page's store-face block from the API, as nginx does in production.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, preview } from 'vite';
import { CUSTOMER_PATHS, inlineHashes } from '../customer-entry';
import { blockJson, STORE_FACE_SSI, withStoreFace } from '../store-face-server';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configFile = path.join(webDir, 'vite.config.ts');
const STORE = '64b7f0c2a1b2c3d4e5f60799';
const UNKNOWN = '64b7f0c2a1b2c3d4e5f60000';
/** The face the stand-in API answers for STORE, with a name that would end a careless <script> block. */
const FACE = { _id: STORE, name: 'Shop </script><script>window.__xss=1</script>', staff: [], interfaces: {} };
const faceBlock = (html: string) => /id="cx-store-face">([\s\S]*?)<\/script>/.exec(html)?.[1];

/** A stand-in API (the servers' proxy target): the store face for STORE, 404 for any other. */
let api: Server;
beforeAll(async () => {
  api = createHttpServer((req, res) => {
    const known = req.url === `/api/v1/feedback/stores/${STORE}`;
    res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(known ? FACE : { message: 'Store not found' }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  process.env.API_PROXY_TARGET = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.API_PROXY_TARGET;
  await new Promise((resolve) => api.close(resolve));
});

describe('customer entry routing', () => {
  it('the dev server sends customer.html for each customer path and index.html elsewhere', async () => {
    const server = await createServer({
      root: webDir,
      configFile,
      logLevel: 'silent',
      server: { port: 0, strictPort: false },
    });
    await server.listen();
    try {
      const base = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
      for (const p of CUSTOMER_PATHS) {
        const html = await (await fetch(`${base}${p}?store=${STORE}`)).text();
        expect(html, p).toContain('/src/customer-main.tsx');
        expect(html, p).toContain('/api/v1/feedback/stores/');
        expect(JSON.parse(faceBlock(html)!), p).toEqual(FACE);
      }
      const unknown = await (await fetch(`${base}/rate-staff?store=${UNKNOWN}`)).text();
      expect(faceBlock(unknown)).toBe('');
      for (const p of ['/', '/dashboard', '/rate-staffing']) {
        const html = await (await fetch(`${base}${p}`)).text();
        expect(html, p).toContain('/src/main.tsx');
        expect(html, p).not.toContain('customer-main');
      }
    } finally {
      await server.close();
    }
  }, 120_000);

  it('vite preview sends the built customer.html with its hashes in the CSP, and cache headers', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'cx-web-'));
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        root: webDir,
        configFile,
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true, sourcemap: false },
      });
      const server = await preview({
        root: webDir,
        configFile,
        logLevel: 'silent',
        build: { outDir },
        preview: { port: 0, strictPort: false },
      });
      try {
        const base = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
        const built = readFileSync(path.join(outDir, 'customer.html'), 'utf8');
        const { scripts, styles } = inlineHashes(built);
        // the store request, the loader of the app's scripts, the first paint: no script tag the browser would
        // fetch before the store request is sent
        expect(scripts).toHaveLength(3);
        expect(styles).toHaveLength(1);
        expect(built).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*modulepreload/);
        expect(built.indexOf('/api/v1/feedback/stores/')).toBeLessThan(built.indexOf('modulepreload'));
        // the build leaves nginx's SSI in the block, before the store request that reads it
        expect(faceBlock(built)).toBe(STORE_FACE_SSI);
        expect(built.indexOf('cx-store-face')).toBeLessThan(built.indexOf('/api/v1/feedback/stores/'));
        for (const p of CUSTOMER_PATHS) {
          const res = await fetch(`${base}${p}?store=${STORE}`);
          const html = await res.text();
          expect(html, p).toBe(withStoreFace(built, blockJson(FACE)));
          expect(faceBlock(html), p).not.toContain('<');
          expect(JSON.parse(faceBlock(html)!), p).toEqual(FACE);
          const csp = res.headers.get('content-security-policy') ?? '';
          expect(csp, p).toContain(`script-src 'self' ${scripts.join(' ')};`);
          expect(csp, p).toContain(`style-src 'self' ${styles[0]};`);
          expect(csp, p).not.toContain('unsafe-inline');
          expect(res.headers.get('cache-control'), p).toBe('no-cache');
        }
        for (const query of [`?store=${UNKNOWN}`, '?store=nope', ''])
          expect(await (await fetch(`${base}/rate-staff${query}`)).text(), query).toBe(
            withStoreFace(built, ''),
          );
        const home = await fetch(`${base}/`);
        expect(await home.text()).toContain('<div id="root">');
        expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
        const asset = /["'`](\/assets\/customer-[\w-]+\.js)["'`]/.exec(built)![1]!;
        for (const encoding of ['gzip', 'identity']) {
          const js = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': encoding } });
          expect(js.status).toBe(200);
          expect(js.headers.get('cache-control'), encoding).toBe('public, max-age=31536000, immutable');
        }
      } finally {
        await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      }
    } finally {
      process.env.NODE_ENV = previous;
      rmSync(outDir, { recursive: true, force: true });
      rmSync(path.join(outDir, '..', 'dist-nginx'), { recursive: true, force: true });
    }
  }, 300_000);
});
