// Reads QR codes back out of what the API serves: a PNG, an SVG (rasterised here) and the images inside a PDF.
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export function decodeRgba(data: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(data, width, height)?.data ?? null;
}

export function decodeQrPng(buf: Buffer): string | null {
  const png = PNG.sync.read(buf);
  return decodeRgba(new Uint8ClampedArray(png.data), png.width, png.height);
}

/**
 * qrcode's SVG draws dark modules as horizontal strokes ("M4 4.5h7m1 0h1…", stroke width 1) over a light square;
 * this rasterises exactly that path grammar at `scale` pixels per module and decodes the result.
 */
export function decodeQrSvg(svg: string, scale = 8): string | null {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d =
    /<path[^>]*stroke="[^"]+"[^>]*d="([^"]+)"/.exec(svg)?.[1] ??
    /<path[^>]*d="([^"]+)"[^>]*stroke=/.exec(svg)?.[1];
  if (!size || !d) throw new Error('Not a qrcode SVG');
  const px = size * scale;
  const data = new Uint8ClampedArray(px * px * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([MmHhVv])\s*(-?[\d.]+)(?:[ ,](-?[\d.]+))?/g)) {
    const n = Number(a);
    if (cmd === 'M') [x, y] = [n, Number(b)];
    else if (cmd === 'm') [x, y] = [x + n, y + Number(b)];
    else if (cmd === 'h' || cmd === 'H') {
      const to = cmd === 'h' ? x + n : n;
      const row = Math.floor(y);
      for (let cx = Math.min(x, to); cx < Math.max(x, to); cx++) {
        for (let py = row * scale; py < (row + 1) * scale; py++) {
          for (let pxl = cx * scale; pxl < (cx + 1) * scale; pxl++)
            data.set([0, 0, 0, 255], (py * px + pxl) * 4);
        }
      }
      x = to;
    }
  }
  return decodeRgba(data, px, px);
}

export interface PdfImage {
  width: number;
  height: number;
  colorSpace: string;
  /** Raw samples after Flate (and PNG predictor) decoding. */
  samples: Buffer;
}

/** Undoes the PNG row filters a PDF may keep (/DecodeParms << /Predictor 10..15 >>). */
function unpredict(raw: Buffer, width: number, channels: number): Buffer {
  const stride = width * channels;
  const rows = raw.length / (stride + 1);
  const out = Buffer.alloc(rows * stride);
  for (let r = 0; r < rows; r++) {
    const filter = raw[r * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const v = raw[r * (stride + 1) + 1 + i]!;
      const left = i >= channels ? out[r * stride + i - channels]! : 0;
      const up = r > 0 ? out[(r - 1) * stride + i]! : 0;
      const upLeft = r > 0 && i >= channels ? out[(r - 1) * stride + i - channels]! : 0;
      const p = left + up - upLeft;
      const paeth =
        Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
          ? left
          : Math.abs(p - up) <= Math.abs(p - upLeft)
            ? up
            : upLeft;
      const pred = [0, left, up, (left + up) >> 1, paeth][filter] ?? 0;
      out[r * stride + i] = (v + pred) & 0xff;
    }
  }
  return out;
}

/** Every image XObject in an uncompressed-xref PDF (as pdfkit writes it), decoded to raw samples. */
export function pdfImages(pdf: Buffer): PdfImage[] {
  const text = pdf.toString('latin1');
  const images: PdfImage[] = [];
  // One object's dictionary up to its stream keyword; "endobj" cannot occur inside, so matches never span objects.
  const re = /\d+ \d+ obj\s*<<((?:(?!endobj)[^])*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const dict = m[1]!;
    if (!/\/Subtype\s*\/Image/.test(dict)) continue;
    const num = (key: string) => Number(new RegExp(`/${key}\\s+(\\d+)`).exec(dict)?.[1]);
    const colorSpace = /\/ColorSpace\s*\/(\w+)/.exec(dict)?.[1] ?? 'DeviceGray';
    const start = m.index + m[0].length;
    const stream = pdf.subarray(start, start + num('Length'));
    let samples: Buffer = /\/Filter\s*\/FlateDecode/.test(dict) ? inflateSync(stream) : Buffer.from(stream);
    const channels = colorSpace === 'DeviceRGB' ? 3 : 1;
    if (/\/Predictor\s+1\d/.test(dict)) samples = unpredict(samples, num('Width'), channels);
    images.push({ width: num('Width'), height: num('Height'), colorSpace, samples });
  }
  return images;
}

/** WinAnsi differs from latin1 only in 0x80–0x9F (the printable ones used in copy are mapped here). */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join('');

/**
 * The text a PDF shows, line by line: pdfkit writes standard-font text as hex strings of WinAnsi codes in TJ arrays
 * inside Flate content streams.
 */
export function pdfText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const lines: string[] = [];
  const re = /\d+ \d+ obj\s*<<((?:(?!endobj)[^])*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const dict = m[1]!;
    if (/\/Subtype\s*\/Image/.test(dict) || !/\/FlateDecode/.test(dict)) continue;
    const start = m.index + m[0].length;
    const length = Number(/\/Length\s+(\d+)/.exec(dict)?.[1]);
    const content = inflateSync(pdf.subarray(start, start + length)).toString('latin1');
    for (const [, arr] of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      lines.push(
        [...arr!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => winAnsi(Buffer.from(hex!, 'hex'))).join(''),
      );
    }
  }
  return lines.join('\n');
}
