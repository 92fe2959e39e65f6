// @vitest-environment node
// Builds the app for real and follows the chunk graph: the lean QR entry (customer.html) stays under its JavaScript
// budget and holds no Chakra, emotion, query library, zod, router or dashboard code; charts stay out of both entries.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

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

async function buildChunks(): Promise<Map<string, TChunk>> {
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
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string }[] }[];
  const chunks = new Map<string, TChunk>();
  for (const out of outputs)
    for (const item of out.output)
      if (item.type === 'chunk') chunks.set((item as TChunk).fileName, item as TChunk);
  return chunks;
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

describe('built JavaScript of the customer (QR) pages', () => {
  let chunks: Map<string, TChunk>;
  beforeAll(async () => {
    chunks = await buildChunks();
  }, 300_000);

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

  it('keeps the chart library out of the dashboard entry and the business area: it loads only when a chart is drawn', () => {
    const main = entryOf(chunks, 'index.html');
    expect(chartChunks(closure(chunks, main, false))).toEqual([]);
    const business = [...chunks.values()].find((c) =>
      c.facadeModuleId?.replace(/\\/g, '/').endsWith('src/app/routes/business.ts'),
    );
    expect(business).toBeDefined();
    expect(chartChunks(closure(chunks, business!, false))).toEqual([]);
    expect(chartChunks([...chunks.values()]).length).toBeGreaterThan(0);
  });
});
