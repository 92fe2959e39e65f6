// @vitest-environment node
// The dev server and `vite preview` answer the eight customer paths with the lean entry (customer.html), everything else
// with the dashboard SPA; preview sends the hash-based CSP for it and the cache headers (HTML revalidated, assets forever).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, preview } from 'vite';
import { CUSTOMER_PATHS, inlineHashes } from '../customer-entry';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configFile = path.join(webDir, 'vite.config.ts');
const STORE = '64b7f0c2a1b2c3d4e5f60799';

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
      }
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
        for (const p of CUSTOMER_PATHS) {
          const res = await fetch(`${base}${p}?store=${STORE}`);
          expect(await res.text(), p).toBe(built);
          const csp = res.headers.get('content-security-policy') ?? '';
          expect(csp, p).toContain(`script-src 'self' ${scripts.join(' ')};`);
          expect(csp, p).toContain(`style-src 'self' ${styles[0]};`);
          expect(csp, p).not.toContain('unsafe-inline');
          expect(res.headers.get('cache-control'), p).toBe('no-cache');
        }
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
