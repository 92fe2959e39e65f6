// @vitest-environment node
// Builds the app for real (once for every check here) and follows the chunk graph: the lean QR entry (customer.html)
// stays under its JavaScript budget and holds no Chakra, emotion, query library, zod, router or dashboard code; charts
// stay out of both entries; the key routes of the dashboard SPA stay under their script budgets (read from the manifest).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { MANIFEST_FILE, routeScriptBytes, staticFiles, type TManifest } from './route-bytes';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHART_LIBRARY = /[\\/]node_modules[\\/](recharts|@chakra-ui[\\/]charts)[\\/]/;
/** gzip'd JavaScript a phone downloads for /rate-staff?store=… (nginx compresses at level 6). */
export const CUSTOMER_JS_BUDGET = 90 * 1024;
const FORBIDDEN: Array<[string, RegExp]> = [
  ['Chakra UI', /[\\/]node_modules[\\/](\.pnpm[\\/])?@chakra-ui[\\/+]/],
  ['emotion', /[\\/]node_modules[\\/](\.pnpm[\\/])?@emotion[\\/+]/],
  ['react-query', /[\\/]node_modules[\\/](\.pnpm[\\/])?@tanstack[\\/+]/],
  ['ts-rest', /[\\/]node_modules[\\/](\.pnpm[\\/])?@ts-rest[\\/+]/],
  ['zod', /[\\/]node_modules[\\/](\.pnpm[\\/])?zod[\\/@]/],
  ['react-router', /[\\/]node_modules[\\/](\.pnpm[\\/])?react-router[\\/@]/],
  [
    'dashboard or app shell code',
    /[\\/]src[\\/](app|lib[\\/](api-client|session|query-client)|features[\\/](?!customer[\\/]))/,
  ],
];

/**
 * What each key route loads before it can render, as manifest keys: the page's HTML entry, then the lazy layout and
 * page modules the router awaits (and, signed in, the API layer and the current-user check the root route mounts).
 */
const ROUTE_MODULES = {
  '/': ['index.html', 'src/app/layouts/PublicLayout.tsx', 'src/features/marketing/routes/HomePage.tsx'],
  '/dashboard': [
    'index.html',
    'src/app/chakra-shell.tsx',
    'src/app/ApiProvider.tsx',
    'src/features/auth/components/CurrentUserSync.tsx',
    'src/app/layouts/business/BusinessLayout.tsx',
    'src/features/dashboard/routes/SnapshotPage.tsx',
  ],
  '/rate-staff': ['customer.html'],
} as const;
/** Minified script bytes per route (before compression): a little above today's build, so growth is a decision. */
export const ROUTE_SCRIPT_BUDGETS: Record<keyof typeof ROUTE_MODULES, number> = {
  // 364 kB since the landing page is plain markup and CSS (669 kB with Chakra's provider, theme and toast region)
  // 375.5 kB with the breakroom TV's /tv pairing route in the router (#36); #37 adds the rating chips' constants and
  // six lazy routes (rating chips, privacy requests, cases, case settings, a case, the reply page): 379.1 kB
  '/': 380 * 1024,
  // 1110 kB with the setup checklist, trial countdown, role-aware actions, phone facts strip and the figures'
  // explanations (#36; the explanations are ~2 kB of it); #34's /dashboard weight is still open. #37: the case
  // contracts in the API layer every page loads, the inbox button and the Snapshot's complaint card (lazy), the
  // keyword rule's schema and matcher: 1130.7 kB
  '/dashboard': 1132 * 1024,
  '/rate-staff': 260 * 1024,
};
/** Never on the landing page: Chakra, the API layer (query library, ts-rest, zod, the contract), charts, other features. */
const NOT_ON_HOME: Array<[string, RegExp]> = [
  FORBIDDEN[0]!,
  FORBIDDEN[1]!,
  ['react-query', /[\\/]node_modules[\\/](\.pnpm[\\/])?@tanstack[\\/+]/],
  ['ts-rest', /[\\/]node_modules[\\/](\.pnpm[\\/])?@ts-rest[\\/+]/],
  ['zod', /[\\/]node_modules[\\/](\.pnpm[\\/])?zod[\\/@]/],
  ['the API contract', /[\\/]contracts[\\/]dist[\\/]esm[\\/](?!customer\.constants\.js$)/],
  ['chart library', CHART_LIBRARY],
  [
    'API client or another feature',
    /[\\/]src[\\/](lib[\\/](api-client|query-client)\.ts$|features[\\/](?!marketing[\\/]))/,
  ],
];

type TChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  code: string;
};
type TOutputItem = TChunk | { type: 'asset'; fileName: string; source: string | Uint8Array };

type TBuilt = { chunks: Map<string, TChunk>; manifest: TManifest; indexHtml: string };

async function buildChunks(): Promise<TBuilt> {
  // Vitest runs with NODE_ENV=test, which would bundle React's development build: measure what production ships.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: { write: false, sourcemap: false, reportCompressedSize: false },
  }).finally(() => {
    process.env.NODE_ENV = previous;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: TOutputItem[] }[];
  const chunks = new Map<string, TChunk>();
  let manifest: TManifest | undefined;
  let indexHtml = '';
  for (const out of outputs)
    for (const item of out.output) {
      if (item.type === 'chunk') chunks.set(item.fileName, item);
      else if (item.fileName === MANIFEST_FILE) manifest = JSON.parse(String(item.source)) as TManifest;
      else if (item.fileName === 'index.html') indexHtml = String(item.source);
    }
  if (!manifest)
    throw new Error(`the build wrote no ${MANIFEST_FILE}: is build.manifest on in vite.config.ts?`);
  return { chunks, manifest, indexHtml };
}

/** The chunks a start chunk loads: static imports always, dynamic ones when asked. */
function closure(chunks: Map<string, TChunk>, start: TChunk, followDynamic: boolean): TChunk[] {
  const seen = new Map<string, TChunk>();
  const queue = [start];
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of [...chunk.imports, ...(followDynamic ? chunk.dynamicImports : [])]) {
      const found = chunks.get(file);
      if (found) queue.push(found);
    }
  }
  return [...seen.values()];
}

/** The entry chunk of an HTML page (its facade is the page, or the module script it loads). */
const entryOf = (chunks: Map<string, TChunk>, html: string) => {
  const found = [...chunks.values()].find(
    (c) => c.isEntry && c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${html}`),
  );
  if (!found)
    throw new Error(
      `no entry chunk for ${html}: ${[...chunks.values()].filter((c) => c.isEntry).map((c) => c.facadeModuleId)}`,
    );
  return found;
};

/** Files (once each) that hold any module of the chart library. */
const chartChunks = (list: TChunk[]) => [
  ...new Set(list.filter((c) => c.moduleIds.some((id) => CHART_LIBRARY.test(id))).map((c) => c.fileName)),
];

const gz = (c: TChunk) => gzipSync(c.code, { level: 6 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** Each module's minified share is not known per module; rank a chunk's modules by source path for the message. */
function budgetReport(list: TChunk[]): string {
  return [...list]
    .sort((a, b) => gz(b) - gz(a))
    .map((c) => {
      const packages = [
        ...new Set(
          c.moduleIds.map((id) => {
            const m =
              /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(
                id,
              );
            return m ? m[1]!.replace(/\\/g, '/') : path.relative(webDir, id).replace(/\\/g, '/');
          }),
        ),
      ];
      return `  ${c.fileName} ${kb(gz(c))} gzip: ${packages.slice(0, 12).join(', ')}${packages.length > 12 ? ', …' : ''}`;
    })
    .join('\n');
}

let built: TBuilt;
let chunks: Map<string, TChunk>;
beforeAll(async () => {
  built = await buildChunks();
  chunks = built.chunks;
}, 300_000);

describe('built JavaScript of the customer (QR) pages', () => {
  it(`downloads at most ${kb(CUSTOMER_JS_BUDGET)} of gzip'd JavaScript for /rate-staff, and says what when over`, () => {
    const initial = closure(chunks, entryOf(chunks, 'customer.html'), false);
    const total = initial.reduce((sum, c) => sum + gz(c), 0);
    if (total > CUSTOMER_JS_BUDGET) {
      throw new Error(
        `the QR entry downloads ${kb(total)} gzip, over the ${kb(CUSTOMER_JS_BUDGET)} budget. Largest first:\n${budgetReport(initial)}`,
      );
    }
    expect(initial.some((c) => c.moduleIds.some((id) => /react-dom/.test(id)))).toBe(true);
  });

  it('holds no Chakra, emotion, react-query, ts-rest, zod, react-router or dashboard module, even lazily', () => {
    const all = closure(chunks, entryOf(chunks, 'customer.html'), true);
    const found = FORBIDDEN.flatMap(([name, re]) =>
      all.flatMap((c) =>
        c.moduleIds
          .filter((id) => re.test(id))
          .map((id) => `${name}: ${path.relative(webDir, id)} (${c.fileName})`),
      ),
    );
    expect(found).toEqual([]);
    expect(chartChunks(all)).toEqual([]);
  });

  it('keeps the chart library out of the dashboard entry, layout and Snapshot page: it loads only when a chart is drawn', () => {
    const dashboard = staticFiles(built.manifest, ROUTE_MODULES['/dashboard']).map((file) =>
      chunks.get(file)!,
    );
    expect(dashboard.filter(Boolean)).toHaveLength(dashboard.length);
    expect(chartChunks(dashboard)).toEqual([]);
    expect(chartChunks([...chunks.values()]).length).toBeGreaterThan(0);
  });
});

describe('script the dashboard SPA loads per route (Vite manifest)', () => {
  const routeChunks = (route: keyof typeof ROUTE_MODULES) =>
    staticFiles(built.manifest, ROUTE_MODULES[route]).map((file) => {
      const chunk = chunks.get(file);
      if (!chunk) throw new Error(`${file} is in the manifest but not in the build output`);
      return chunk;
    });

  it.each(Object.keys(ROUTE_MODULES) as Array<keyof typeof ROUTE_MODULES>)(
    'keeps %s under its script budget, and says what when over',
    (route) => {
      const total = routeScriptBytes(built.manifest, ROUTE_MODULES[route], (file) =>
        Buffer.byteLength(chunks.get(file)!.code),
      );
      if (total > ROUTE_SCRIPT_BUDGETS[route]) {
        throw new Error(
          `${route} loads ${kb(total)} of script, over its ${kb(ROUTE_SCRIPT_BUDGETS[route])} budget. Largest first:\n` +
            budgetReport(routeChunks(route)),
        );
      }
      expect(total).toBeGreaterThan(0);
    },
  );

  it('loads no Chakra, emotion, API layer, contract, chart or dashboard code for the home page', () => {
    const found = NOT_ON_HOME.flatMap(([name, re]) =>
      routeChunks('/').flatMap((c) =>
        c.moduleIds
          .filter((id) => re.test(id))
          .map((id) => `${name}: ${path.relative(webDir, id)} (${c.fileName})`),
      ),
    );
    expect(found).toEqual([]);
    // The same rules do find the API layer where it belongs.
    for (const [, rule] of NOT_ON_HOME.slice(0, 3))
      expect(routeChunks('/dashboard').some((c) => c.moduleIds.some((id) => rule.test(id)))).toBe(true);
  });

  it('has index.html fetch every script of the home page up front, so none waits for the entry to run', () => {
    const files = staticFiles(built.manifest, ROUTE_MODULES['/']);
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => !built.indexHtml.includes(`/${file}"`))).toEqual([]);
  });
});
