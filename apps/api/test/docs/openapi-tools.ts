// The OpenAPI tools integrators use, run from their npm packages on the document the API serves (in a temp folder).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a package's command-line tool with this Node (no network: Redocly's usage data is turned off). */
export function runBin(pkg: string, bin: string, args: string[], cwd: string): Promise<Ran> {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: bins } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  const script = join(dirname(manifest), bins[bin]!);
  const env = {
    ...process.env,
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    NO_COLOR: '1',
  };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A temp folder for one test file, removed after it. */
export function useTempDir(): () => string {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cx-openapi-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return () => dir;
}

/** Writes the served document as the file a generator or linter reads. */
export async function writeDocument(dir: string, body: unknown): Promise<string> {
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(body, null, 2));
  return file;
}
