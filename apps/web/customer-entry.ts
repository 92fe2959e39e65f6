// The lean QR entry in every server: dev and `vite preview` answer the eight customer paths with customer.html, its
// inline starter and critical CSS are allowed by sha256 hashes taken from the built file, and nginx gets the same policy.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { paths } from './src/config/paths.ts';
import { securityHeaders } from './security-headers.ts';

export const CUSTOMER_HTML = 'customer.html';
/** The paths the lean entry serves (the customer steps of spec §2), plus its own file name. */
export const CUSTOMER_PATHS: readonly string[] = Object.values(paths.customer).map((r) => r.path);
const API_BASE_PLACEHOLDER = '__CX_API_BASE__';
/** Where the build leaves nginx's header include for the customer paths (outside dist: not a public file). */
export const NGINX_OUT_DIR = 'dist-nginx';
export const NGINX_CUSTOMER_HEADERS = 'customer-security-headers.conf';

export const isCustomerPath = (pathname: string): boolean =>
  CUSTOMER_PATHS.includes(pathname.replace(/(.)\/+$/, '$1')) || pathname === `/${CUSTOMER_HTML}`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** CSP source expressions for every inline <script> (without src) and <style> of an HTML document. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) =>
    sha256(m[1]!),
  );
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1]!));
  return { scripts, styles };
}

/** The app's headers with a CSP that also allows exactly this document's inline starter and critical CSS. */
export function customerHeaders(
  html: string,
  opts: { apiOrigins?: string[]; hsts?: boolean } = {},
): Record<string, string> {
  const headers = securityHeaders(opts);
  const { scripts, styles } = inlineHashes(html);
  headers['Content-Security-Policy'] = headers['Content-Security-Policy']!.replace(
    "script-src 'self'",
    ["script-src 'self'", ...scripts].join(' '),
  ).replace("style-src 'self' 'unsafe-inline'", ["style-src 'self'", ...styles].join(' '));
  return headers;
}

export function nginxHeaderLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `add_header ${k} "${v}" always;`)
    .join('\n');
}

/** HTML answers revalidate every time; hashed assets never change, so they are cached for a year. */
function cacheHeaders(url: string): string {
  return url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function rewrite(req: Connect.IncomingMessage): boolean {
  const url = new URL(req.url ?? '/', 'http://local');
  if (!isCustomerPath(url.pathname)) return false;
  req.url = `/${CUSTOMER_HTML}${url.search}`;
  return true;
}

export function customerEntry(opts: { apiBase: string; apiOrigins: string[] }): Plugin {
  let builtHeaders: Record<string, string> | null = null;
  let outDir = 'dist';
  const headersFor = () => {
    builtHeaders ??= customerHeaders(readFileSync(join(outDir, CUSTOMER_HTML), 'utf8'), {
      apiOrigins: opts.apiOrigins,
    });
    return builtHeaders;
  };
  return {
    name: 'cx-customer-entry',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll(API_BASE_PLACEHOLDER, opts.apiBase),
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        rewrite(req);
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://local').pathname;
        // The API answers with its own caching (the store face's short cache and ETag): leave proxied calls alone.
        if (/^\/(api|socket\.io)\//.test(path)) return next();
        const headers: Record<string, string> = rewrite(req) ? { ...headersFor() } : {};
        headers['Cache-Control'] = cacheHeaders(path);
        // Set last, just before the head is written: vite's own `preview.headers` and the static server set theirs later.
        const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
        res.writeHead = ((...args: unknown[]) => {
          for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
          // Headers handed to writeHead itself (the static server does) would win over setHeader: drop ours from them.
          for (const arg of args)
            if (arg && typeof arg === 'object' && !Array.isArray(arg))
              for (const key of Object.keys(arg))
                if (Object.keys(headers).some((h) => h.toLowerCase() === key.toLowerCase()))
                  delete (arg as Record<string, unknown>)[key];
          return writeHead(...args);
        }) as typeof res.writeHead;
        next();
      });
    },
    writeBundle(output, bundle) {
      const asset = bundle[CUSTOMER_HTML];
      if (!asset || asset.type !== 'asset') return;
      const dir = join(output.dir ?? outDir, '..', NGINX_OUT_DIR);
      if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
      const headers = customerHeaders(String(asset.source), { apiOrigins: opts.apiOrigins, hsts: true });
      writeFileSync(
        join(dir, NGINX_CUSTOMER_HEADERS),
        `# Generated by the web build (customer-entry.ts): the customer pages' headers, CSP with their inline hashes.\n${nginxHeaderLines(headers)}\n`,
      );
    },
  };
}
