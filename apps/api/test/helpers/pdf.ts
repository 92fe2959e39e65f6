// PDF helpers for tests: the text of a PDF (pdf-parse, in a child Node process) and its pages as PNGs (pdftoppm).
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The PDF's text (lines as pdf.js lays them out, cells on one line joined by tabs) and its page count. */
export function pdfContent(pdf: Buffer): Promise<{ text: string; pages: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'pdf-text.mjs')], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as { text: string; pages: number })
        : reject(new Error(`pdf-text exited ${code}: ${Buffer.concat(err).toString('utf8')}`)),
    );
    child.stdin.end(pdf);
  });
}

/** The PDF's text only. */
export const pdfText = async (pdf: Buffer): Promise<string> => (await pdfContent(pdf)).text;

/** Finds pdftoppm (poppler-utils) on the PATH; null when it is not installed. */
export function findPdftoppm(): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(process.env.PDFTOPPM_PATH ?? 'pdftoppm', ['-v'], (error) =>
      resolve(
        error && (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? null
          : (process.env.PDFTOPPM_PATH ?? 'pdftoppm'),
      ),
    );
  });
}

/** Renders page 1 of the PDF to a PNG file at `out` (pdftoppm, 100 dpi). */
export async function pdfPage1Png(pdf: Buffer, out: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cx-pdf-'));
  try {
    await writeFile(path.join(dir, 'report.pdf'), pdf);
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.env.PDFTOPPM_PATH ?? 'pdftoppm',
        [
          '-png',
          '-r',
          '100',
          '-f',
          '1',
          '-l',
          '1',
          '-singlefile',
          path.join(dir, 'report.pdf'),
          path.join(dir, 'page'),
        ],
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    const png = await readFile(path.join(dir, 'page.png'));
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, png);
    return png;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every page of the PDF rendered to PNG bytes, in page order (pdftoppm at `dpi`). */
export async function pdfPagesPng(pdf: Buffer, dpi = 72): Promise<Buffer[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cx-pdf-'));
  try {
    await writeFile(path.join(dir, 'doc.pdf'), pdf);
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.env.PDFTOPPM_PATH ?? 'pdftoppm',
        ['-png', '-r', String(dpi), path.join(dir, 'doc.pdf'), path.join(dir, 'page')],
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    // pdftoppm pads the page number to the width of the last one ("page-01.png"): sorted by that number.
    const files = (await readdir(dir))
      .filter((f) => f.endsWith('.png'))
      .sort((a, b) => Number(/(\d+)\.png$/.exec(a)?.[1]) - Number(/(\d+)\.png$/.exec(b)?.[1]));
    return await Promise.all(files.map((f) => readFile(path.join(dir, f))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
