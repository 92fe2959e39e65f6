// A client generated from the served document (openapi-typescript) reads the timeline with an API key (openapi-fetch).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import createClient from 'openapi-fetch';
import ts from 'typescript';
import { createApp } from '../../src/app';
import { setupTestDb } from '../helpers/db';
import { createKey, keyWorld } from '../integrations/support';
import { runBin, useTempDir, writeDocument } from './openapi-tools';

setupTestDb();
const app = createApp();
const tempDir = useTempDir();
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What an integrator writes against the generated `paths`: typed path, query and answer. */
const CLIENT = `import type createClient from 'openapi-fetch';
import type { paths } from './api';

export async function readTimeline(create: typeof createClient, baseUrl: string, key: string) {
  const client = create<paths>({ baseUrl, headers: { Authorization: \`Bearer \${key}\` } });
  const { data, error, response } = await client.GET('/api/v1/analytics/timeline', {
    params: { query: { period: 'last7', flagged: 'include', scores: '1,2,5', limit: 10 } },
  });
  if (!data) throw new Error(\`timeline answered \${response.status}: \${JSON.stringify(error)}\`);
  const items: { comment: string; score: number; store: string }[] = data.items.map((item) => ({
    comment: item.comment,
    score: item.score,
    store: item.store.name,
  }));
  return { items, nextCursor: data.nextCursor };
}
`;

/** The same calls, wrong: the generated types must refuse each (so they are not \`any\`). */
const MISTAKES = `import type createClient from 'openapi-fetch';
import type { paths } from './api';

export async function wrong(create: typeof createClient) {
  const client = create<paths>({ baseUrl: '' });
  await client.GET('/api/v1/analytics/timelines');
  await client.GET('/api/v1/analytics/timeline', { params: { query: { period: 'lastYear' } } });
  await client.GET('/api/v1/analytics/timeline', { params: { query: { scores: [1, 2] } } });
  const { data } = await client.GET('/api/v1/analytics/timeline');
  return data?.items[0]?.commentText;
}
`;

/** Type-checks the files (errors as "line: message" per file) against the generated types and openapi-fetch's. */
function typeErrors(dir: string, files: string[]): Record<string, string[]> {
  const fetchTypes = join(dirname(realpathSync(require.resolve('openapi-fetch'))), 'index.d.mts');
  const program = ts.createProgram(
    files.map((f) => join(dir, f)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
      baseUrl: dir,
      paths: { 'openapi-fetch': [fetchTypes] },
    },
  );
  const errors: Record<string, string[]> = Object.fromEntries(files.map((f) => [f, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file ? d.file.fileName.slice(dir.length + 1) : '(options)';
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    (errors[file] ??= []).push(`${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  }
  return errors;
}

describe('a TypeScript client generated from GET /api/v1/openapi.json', () => {
  it('compiles against the generated types and reads the timeline with an API key', async () => {
    const w = await keyWorld();
    const { key } = await createKey(app, w.owner, ['ratings:read']);
    const dir = tempDir();
    const served = await fetch(`${baseUrl}/api/v1/openapi.json`);
    expect(served.status).toBe(200);
    const file = await writeDocument(dir, await served.json());

    const generated = await runBin('openapi-typescript', 'openapi-typescript', [file, '-o', 'api.d.ts'], dir);
    expect({ code: generated.code, stderr: generated.code ? generated.stderr : '' }).toEqual({
      code: 0,
      stderr: '',
    });
    await writeFile(join(dir, 'client.ts'), CLIENT);
    await writeFile(join(dir, 'mistakes.ts'), MISTAKES);
    const errors = typeErrors(dir, ['client.ts', 'mistakes.ts']);
    expect(errors['client.ts']).toEqual([]);
    expect(errors['(options)']).toBeUndefined();
    const mistakes = errors['mistakes.ts']!;
    expect(mistakes.map((e) => Number(e.split(':')[0]))).toEqual([6, 7, 8, 10]);
    expect(mistakes.slice(1).join('\n')).toMatch(
      /"lastYear"[^\n]*\n.*'number\[\]'[^\n]*string[^\n]*\n.*'commentText'/,
    );

    // The checked client, run: type-only imports vanish, so the compiled module needs nothing but what it is given.
    const js = ts.transpileModule(CLIENT, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
    await writeFile(join(dir, 'client.js'), js);
    const { readTimeline } = (await import(join(dir, 'client.js'))) as {
      readTimeline: (
        create: typeof createClient,
        baseUrl: string,
        key: string,
      ) => Promise<{ items: { comment: string; score: number; store: string }[]; nextCursor: string | null }>;
    };
    const page = await readTimeline(createClient, baseUrl, key);
    expect(page.items.sort((a, b) => a.score - b.score)).toEqual([
      { comment: 'flagged at store B', score: 1, store: 'Key Store B' },
      { comment: 'comment at store B', score: 2, store: 'Key Store B' },
      { comment: 'comment at store A', score: 5, store: 'Key Store A' },
    ]);
    expect(page.nextCursor).toBeNull();
    // Generating ~0.9 MB of types and type-checking them takes seconds, many more on a loaded machine.
  }, 120_000);
});
