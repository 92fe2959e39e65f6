// Vite build and dev/preview servers: /api and /socket.io are proxied to the API so the app calls its own origin.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';

const DEFAULT_API_TARGET = 'http://localhost:4000';

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
  return {
    plugins: [react()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: { port: 5173, strictPort: true, proxy: apiProxy(target) },
    preview: { port: 4173, strictPort: true, proxy: apiProxy(target) },
    build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1200 },
  };
});
