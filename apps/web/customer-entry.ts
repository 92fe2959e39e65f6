// The lean QR entry in every server: dev and `vite preview` answer the eight customer paths with customer.html, whose
// inline scripts are bundled from src/features/customer/first-paint; they and the critical CSS are allowed by sha256
// hashes taken from the built file, and nginx gets the same policy.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Connect, type Plugin } from 'vite';
import { paths } from './src/config/paths.ts';
import { firstPaintCatalogs } from './src/features/customer/first-paint/texts.ts';
import { CATALOGS } from './src/features/customer/i18n/messages.ts';
import { securityHeaders } from './security-headers.ts';
import { fetchStoreFace, STORE_FACE_BLOCK, STORE_FACE_MARK, withStoreFace } from './store-face-server.ts';

export const CUSTOMER_HTML = 'customer.html';
/** The paths the lean entry serves (the customer steps of spec §2), plus its own file name. */
export const CUSTOMER_PATHS: readonly string[] = Object.values(paths.customer).map((r) => r.path);
/** Where customer.html wants its two inline scripts, and what each runs from first-paint/starter.ts. */
const STARTERS = {
  '<!-- cx-store-request -->': 'requestStore()',
  '<!-- cx-first-paint -->': `paintWhenAnswered(${JSON.stringify(firstPaintCatalogs(CATALOGS)).replace(/</g, '\\u003c')})`,
} as const;
type TStarterMark = keyof typeof STARTERS;
const STARTER_ENTRY = 'virtual:cx-starter';
/** Where the build leaves nginx's header include for the customer paths (outside dist: not a public file). */
export const NGINX_OUT_DIR = 'dist-nginx';
export const NGINX_CUSTOMER_HEADERS = 'customer-security-headers.conf';

export const isCustomerPath = (pathname: string): boolean =>
  CUSTOMER_PATHS.includes(pathname.replace(/(.)\/+$/, '$1')) || pathname === `/${CUSTOMER_HTML}`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * CSP source expressions for every inline <script> (without src) and <style> of an HTML document; a JSON data block is
 * never run, so it has none (its content differs per store anyway).
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const inline = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/gi;
  const scripts = [...html.matchAll(inline)].map((m) => sha256(m[1]!));
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

/**
 * One of the starter's calls as a classic inline script: starter.ts and what that call needs, bundled and minified with
 * this app's root, mode and env (so it asks the same API); the first paint is given its strings of every language.
 */
export async function buildStarter(root: string, mode: string, call: string): Promise<string> {
  const entry = resolve(root, 'src/features/customer/first-paint/starter.ts');
  const name = call.slice(0, call.indexOf('('));
  const output = await build({
    configFile: false,
    root,
    mode,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: { '@': resolve(root, 'src') } },
    plugins: [
      {
        name: 'cx-starter-entry',
        resolveId: (id) => (id === STARTER_ENTRY ? `\0${STARTER_ENTRY}` : null),
        load: (id) =>
          id === `\0${STARTER_ENTRY}` ? `import { ${name} } from ${JSON.stringify(entry)};\n${call};` : null,
      },
    ],
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      modulePreload: false,
      rollupOptions: {
        input: STARTER_ENTRY,
        output: { format: 'iife' },
        // Each script keeps only what its call uses (e.g. not the whole route table for the store request).
        treeshake: { moduleSideEffects: false, propertyReadSideEffects: false },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
  const code = chunks.find((c) => c.type === 'chunk' && c.isEntry);
  if (!code || code.type !== 'chunk') throw new Error('customer.html starter: the bundle has no entry chunk');
  if (/<\/script/i.test(code.code)) throw new Error('customer.html starter: the bundle contains "</script"');
  return code.code.trim();
}

/**
 * customer.html's app scripts, which vite writes as tags in the head, are requested by an inline script instead, right
 * after the store request: tags would be found by the browser's preload scanner and sent first, and on a slow link the
 * small store answer (the first paint) would then queue behind 80 kB of script.
 */
function scriptsAfterStore(root: () => string, mode: () => string): Plugin {
  return {
    name: 'cx-customer-scripts-after-store',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.filename.endsWith(CUSTOMER_HTML)) return html;
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('customer.html: the build wrote no module script');
        const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        for (const tag of [entry, ...preloads]) html = html.replace(tag[0], '');
        const call = `loadApp(${JSON.stringify(entry[1])}, ${JSON.stringify(preloads.map((m) => m[1]))})`;
        const code = await buildStarter(root(), mode(), call);
        // Right after the store request (the first inline script of the head).
        return html.replace(
          /(<head>[\s\S]*?<script>[\s\S]*?<\/script>)/,
          (head) => `${head}\n    <script>${code}</script>`,
        );
      },
    },
  };
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

/** GET or HEAD of a customer path in `vite preview`: the built page with the store's face filled in, and its headers. */
async function sendCustomerPage(
  req: Connect.IncomingMessage,
  res: ServerResponse,
  page: { html: string; headers: Record<string, string>; apiTarget: string },
): Promise<void> {
  const search = new URL(req.url ?? '/', 'http://local').search;
  const body = withStoreFace(page.html, await fetchStoreFace(page.apiTarget, search));
  res.statusCode = 200;
  for (const [k, v] of Object.entries(page.headers)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', cacheHeaders('/'));
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function customerEntry(opts: { apiOrigins: string[]; apiTarget: string }): Plugin[] {
  let builtHeaders: Record<string, string> | null = null;
  let builtHtml: string | null = null;
  let outDir = 'dist';
  let root = process.cwd();
  let mode = 'production';
  const starters = new Map<TStarterMark, Promise<string>>();
  let serving = false;
  const headersFor = () => {
    builtHeaders ??= customerHeaders(readFileSync(join(outDir, CUSTOMER_HTML), 'utf8'), {
      apiOrigins: opts.apiOrigins,
    });
    return builtHeaders;
  };
  const entry: Plugin = {
    name: 'cx-customer-entry',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = config.root;
      mode = config.mode;
      serving = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, ctx) {
        if (html.includes(STORE_FACE_MARK)) {
          html = html.replace(STORE_FACE_MARK, () => STORE_FACE_BLOCK);
          // The dev server fills the face in as the production server would; the build leaves nginx's SSI in place.
          if (ctx.server)
            html = withStoreFace(
              html,
              await fetchStoreFace(opts.apiTarget, new URL(ctx.originalUrl ?? '/', 'http://local').search),
            );
        }
        for (const [mark, call] of Object.entries(STARTERS) as Array<[TStarterMark, string]>) {
          if (!html.includes(mark)) continue;
          // Built once per build; the dev server rebuilds them per page so an edited starter shows on reload.
          if (serving || !starters.has(mark)) starters.set(mark, buildStarter(root, mode, call));
          const code = await starters.get(mark)!;
          html = html.replace(mark, () => `<script>${code}</script>`);
        }
        return html;
      },
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
        if (rewrite(req) && (req.method === 'GET' || req.method === 'HEAD')) {
          builtHtml ??= readFileSync(join(outDir, CUSTOMER_HTML), 'utf8');
          const page = { html: builtHtml, headers: headersFor(), apiTarget: opts.apiTarget };
          sendCustomerPage(req, res, page).catch(next);
          return;
        }
        const headers: Record<string, string> = { 'Cache-Control': cacheHeaders(path) };
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
  return [
    entry,
    scriptsAfterStore(
      () => root,
      () => mode,
    ),
  ];
}
