// Images the journeys make and read: a solid-colour PNG built by hand, and a PDF's pages rendered (pdftoppm) and read
// for a QR code (jsQR, as the API's poster test decodes them) and for pixels of one colour.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { findPdftoppm } from '../../../../scripts/prereqs/poppler.mjs';

export type Rgb = [number, number, number];

/** A solid-colour PNG (RGB, no filter). */
export function solidPng(width: number, height: number, rgb: Rgb): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One rendered page: what its QR code says (null: none found) and how many pixels in rows `band` are `colour`. */
export interface PageRead {
  qr: string | null;
  colourPixels: number;
}

/** Every page of the PDF rendered at `dpi` (72: a pixel a point) and read, in page order. */
export async function readPdfPages(
  pdf: Buffer,
  colour: Rgb,
  band: { from: number; to: number },
  dpi = 72,
): Promise<PageRead[]> {
  const pdftoppm = findPdftoppm();
  assert.ok(pdftoppm, 'pdftoppm (poppler-utils) is needed: the runner obtains it for this journey');
  const dir = await mkdtemp(join(tmpdir(), 'cx-posters-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    await new Promise<void>((resolve, reject) =>
      execFile(pdftoppm, ['-png', '-r', String(dpi), join(dir, 'doc.pdf'), join(dir, 'page')], (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    // pdftoppm pads the page number to the width of the last one ("page-01.png"): sorted by that number.
    const files = (await readdir(dir))
      .filter((f) => f.endsWith('.png'))
      .sort((a, b) => Number(/(\d+)\.png$/.exec(a)?.[1]) - Number(/(\d+)\.png$/.exec(b)?.[1]));
    const pages: PageRead[] = [];
    for (const f of files) {
      const png = PNG.sync.read(await readFile(join(dir, f)));
      let colourPixels = 0;
      for (let y = band.from; y < Math.min(band.to, png.height); y++) {
        for (let x = 0; x < png.width; x++) {
          const i = (y * png.width + x) * 4;
          const near = (k: number) => Math.abs(png.data[i + k]! - colour[k]!) < 26;
          if (near(0) && near(1) && near(2)) colourPixels++;
        }
      }
      const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
      pages.push({ qr, colourPixels });
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
