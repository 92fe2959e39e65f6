// Demo pictures drawn in code (no canvas, no image files): a storefront per store and a portrait per staff member.
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

/** A tiny RGB raster with the few drawing operations the demo pictures need. */
class Raster {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.data = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  private set(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (y * this.width + x) * 3;
    this.data[at] = c[0];
    this.data[at + 1] = c[1];
    this.data[at + 2] = c[2];
  }

  /** Each row's span filled with the colour's three bytes repeated (one native fill, not a call per pixel). */
  rect(x: number, y: number, w: number, h: number, c: Rgb): void {
    const [from, to] = [Math.max(0, x), Math.min(this.width, x + w)];
    if (to <= from) return;
    const pattern = Buffer.from(c);
    for (let j = Math.max(0, y); j < Math.min(this.height, y + h); j++) {
      this.data.fill(pattern, (j * this.width + from) * 3, (j * this.width + to) * 3);
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb): void {
    for (let j = Math.floor(cy - ry); j <= cy + ry; j++) {
      for (let i = Math.floor(cx - rx); i <= cx + rx; i++) {
        if (((i - cx) / rx) ** 2 + ((j - cy) / ry) ** 2 <= 1) this.set(i, j, c);
      }
    }
  }

  /** Vertical blend from `top` to `bottom` over the whole picture. */
  gradient(top: Rgb, bottom: Rgb): void {
    for (let j = 0; j < this.height; j++) {
      const t = j / (this.height - 1);
      const c = top.map((v, k) => Math.round(v + (bottom[k]! - v) * t)) as unknown as Rgb;
      this.rect(0, j, this.width, 1, c);
    }
  }

  /** PNG, colour type 2 (RGB), filter 0 on every row. */
  toPng(): Buffer {
    const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      this.data.copy(rows, y * (this.width * 3 + 1) + 1, y * this.width * 3, (y + 1) * this.width * 3);
    }
    const chunk = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(body.length, 0);
      head.write(type, 4, 'ascii');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
      return Buffer.concat([head, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const shade = (c: Rgb, f: number): Rgb =>
  c.map((v) => Math.max(0, Math.min(255, Math.round(v * f)))) as unknown as Rgb;

export const STORE_COLOURS: readonly Rgb[] = [
  [26, 86, 219],
  [190, 52, 85],
  [14, 159, 110],
];

/** Each picture drawn once per process: a seed (the tests seed many times) gets a copy of the bytes drawn before. */
const drawn = new Map<string, Buffer>();
function once(key: string, draw: () => Buffer): Buffer {
  let png = drawn.get(key);
  if (!png) drawn.set(key, (png = draw()));
  return Buffer.from(png);
}

/** 480 × 300 storefront: sky, wall, striped awning in the store colour, two windows and a door. */
export function storefrontPng(colour: Rgb): Buffer {
  return once(`store ${colour.join()}`, () => drawStorefront(colour));
}

function drawStorefront(colour: Rgb): Buffer {
  const r = new Raster(480, 300, [255, 255, 255]);
  r.gradient([186, 220, 250], [236, 246, 255]);
  r.rect(40, 70, 400, 230, [245, 240, 232]);
  r.rect(40, 60, 400, 18, shade(colour, 0.7));
  for (let i = 0; i < 10; i++) r.rect(40 + i * 40, 78, 40, 40, i % 2 ? [255, 255, 255] : colour);
  for (let i = 0; i < 10; i++) r.ellipse(60 + i * 40, 118, 20, 8, i % 2 ? [255, 255, 255] : colour);
  for (const x of [70, 300]) {
    r.rect(x, 150, 110, 90, shade(colour, 0.45));
    r.rect(x + 6, 156, 98, 78, [196, 226, 245]);
    r.rect(x + 53, 156, 4, 78, shade(colour, 0.45));
  }
  r.rect(205, 150, 70, 150, shade(colour, 0.55));
  r.rect(213, 160, 54, 70, [196, 226, 245]);
  r.ellipse(262, 240, 4, 4, [250, 204, 21]);
  r.rect(0, 290, 480, 10, [120, 120, 120]);
  return r.toPng();
}

const SKIN: readonly Rgb[] = [
  [255, 219, 172],
  [241, 194, 125],
  [224, 172, 105],
  [198, 134, 66],
  [141, 85, 36],
];
const HAIR: readonly Rgb[] = [
  [44, 34, 43],
  [113, 63, 29],
  [183, 120, 60],
  [230, 190, 110],
  [90, 90, 90],
];
const BACKDROPS: readonly Rgb[] = [
  [219, 234, 254],
  [252, 231, 243],
  [220, 252, 231],
  [254, 243, 199],
  [237, 233, 254],
];

/** 160 × 160 portrait: backdrop, shoulders in a work shirt, face and hair; varied by index. */
export function portraitPng(index: number, shirt: Rgb): Buffer {
  return once(`portrait ${index} ${shirt.join()}`, () => drawPortrait(index, shirt));
}

function drawPortrait(index: number, shirt: Rgb): Buffer {
  const r = new Raster(160, 160, BACKDROPS[index % BACKDROPS.length]!);
  const skin = SKIN[(index * 3) % SKIN.length]!;
  const hair = HAIR[(index * 7 + Math.floor(index / 5)) % HAIR.length]!;
  const longHair = index % 3 === 1;
  if (longHair) r.ellipse(80, 92, 40, 50, hair);
  r.ellipse(80, 170, 62, 48, shirt);
  r.rect(70, 108, 20, 18, shade(skin, 0.9));
  r.ellipse(80, 70, 35, 38, hair);
  r.ellipse(80, 80, 30, 36, skin);
  if (index % 2 === 0) r.rect(48, 40, 64, 18, hair);
  else r.ellipse(80, 50, 32, 14, hair);
  r.ellipse(69, 80, 3, 3, [40, 40, 40]);
  r.ellipse(91, 80, 3, 3, [40, 40, 40]);
  r.rect(72, 98, 16, 3, shade(skin, 0.7));
  return r.toPng();
}
