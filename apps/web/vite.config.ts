// Vite build and dev/preview servers: two entries (dashboard SPA, lean QR pages); /api and /socket.io are proxied.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
import { customerEntry } from './customer-entry.ts';
import { landingPreload } from './landing-preload.ts';
import { securityHeaders } from './security-headers.ts';

const DEFAULT_API_TARGET = 'http://localhost:4000';
const QR_START_CHUNKS = ['customer', 'shared', 'rolldown-runtime'];
const SHARED_WITH_QR_PAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/](config[\\/](paths|env)|lib[\\/](kiosk|image-sources))\.ts$|[\\/]customer\.constants\.js$|vite[\\/](preload-helper|modulepreload-polyfill)|rolldown[\\/]runtime/;

function apiProxy(target: string): Record<string, ProxyOptions> {
  return {
    '/api': { target, changeOrigin: true },
    '/socket.io': { target, changeOrigin: true, ws: true },
  };
}

export default defineConfig(({ mode }) => {
  // '' loads every variable, not only VITE_*: the proxy target is build tooling, never shipped to the browser.
  const fileEnv = loadEnv(mode, process.cwd(), '');
  const target = process.env.API_PROXY_TARGET ?? fileEnv.API_PROXY_TARGET ?? DEFAULT_API_TARGET;
  // The dev server needs React Refresh's inline script, so only the preview of the built app is locked down.
  const apiOrigins = [fileEnv.VITE_API_BASE_URL, fileEnv.VITE_SOCKET_URL].filter((o): o is string => !!o);
  return {
    plugins: [
      react(),
      customerEntry({ apiOrigins, apiTarget: target }),
      landingPreload({
        html: 'index.html',
        modules: ['src/app/layouts/PublicLayout.tsx', 'src/features/marketing/routes/HomePage.tsx'],
      }),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: { port: 5173, strictPort: true, proxy: apiProxy(target) },
    preview: {
      port: 4173,
      strictPort: true,
      proxy: apiProxy(target),
      headers: securityHeaders({ apiOrigins }),
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      // dist/.vite/manifest.json: the route script budgets (test/route-budgets.test.ts) read each route's chunks from it.
      manifest: true,
      chunkSizeWarningLimit: 1200,
      // Two entries: the dashboard SPA and the lean QR pages (customer.html), which share no runtime but React.
      rollupOptions: {
        input: {
          main: fileURLToPath(new URL('./index.html', import.meta.url)),
          customer: fileURLToPath(new URL('./customer.html', import.meta.url)),
        },
        // What the QR pages share with the dashboard (React and a few small modules) is one chunk, so a phone fetches
        // two scripts, not five, and the store request is never left waiting for one of the browser's six connections.
        output: {
          codeSplitting: { groups: [{ name: 'shared', test: SHARED_WITH_QR_PAGES }] },
          // V8's explicit compile hint for the scripts a QR page starts with: every function is compiled while the
          // script streams in, off the main thread, instead of one by one on it during React's first render
          // (paired cold loads under the Lighthouse profile: the tapped step rendered ~350 ms sooner).
          postBanner: (chunk) => (QR_START_CHUNKS.includes(chunk.name) ? '//# allFunctionsCalledOnLoad' : ''),
        },
      },
    },
  };
});
