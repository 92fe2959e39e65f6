// Uploaded images are sent to customers resized (WebP, or the upload's format), without EXIF, never as the original.
import mongoose from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { createApp } from '../../src/app';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();
const WEBP_BROWSER = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

/** A 4000×3000 phone photo (about 1 MB): a scene of shapes and text with sensor-like noise, and EXIF incl. GPS. */
async function phonePhoto(): Promise<Buffer> {
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  let shapes = '';
  for (let i = 0; i < 60; i++) {
    const [x, y, size] = [rnd() * 4000, rnd() * 3000, 100 + rnd() * 600];
    const colour = `hsl(${Math.floor(rnd() * 360)},${30 + Math.floor(rnd() * 50)}%,${30 + Math.floor(rnd() * 50)}%)`;
    shapes +=
      i % 2
        ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour}" opacity="0.8"/>`
        : `<rect x="${x}" y="${y}" width="${size}" height="${size * 0.7}" fill="${colour}" transform="rotate(${Math.floor(rnd() * 90)} ${x} ${y})"/>`;
  }
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#8ac"/><stop offset="1" stop-color="#a86"/></linearGradient></defs>' +
    `<rect width="4000" height="3000" fill="url(#g)"/>${shapes}<text x="300" y="2700" font-size="300" fill="#fff">Harbour Coffee</text></svg>`;
  const noise = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'overlay' }])
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pixel Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Stored files: an original and its variants (an earlier test's background variants are not counted). */
async function files(original: unknown) {
  const all = await mongoose.connection.db!.collection('files.files').find({}).toArray();
  return all.filter(
    (f) => String(f._id) === String(original) || String(f.metadata?.variantOf) === String(original),
  );
}

describe('GET /api/v1/files/:id?w= (image variants)', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await phonePhoto();
  }, 180_000);

  it('serves a 4000×3000 store photo to a 390 px 2× phone at ≤ 60 kB WebP with no EXIF, never the original', async () => {
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.length).toBeGreaterThan(500_000);
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const up = await request(app)
      .put(`/api/v1/store/${store._id}/image`)
      .set(auth)
      .attach('image', photo, { filename: 'shop.jpg', contentType: 'image/jpeg' })
      .expect(200);
    const url: string = up.body.store.image;

    // A 390 px wide image on a 2× screen needs 780 device pixels: the browser asks the srcset for that.
    const res = await request(app).get(`${url}?w=780`).set('accept', WEBP_BROWSER).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['vary']).toBe('Accept');
    const body = res.body as Buffer;
    expect(body.length).toBeLessThanOrEqual(60 * 1024);
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();

    // A browser without WebP gets the upload's own format, also resized and stripped.
    const jpeg = await request(app).get(`${url}?w=780`).set('accept', 'image/*').buffer(true).expect(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const jpegMeta = await sharp(jpeg.body as Buffer).metadata();
    expect(jpegMeta).toMatchObject({ format: 'jpeg', width: 800 });
    expect(jpegMeta.exif).toBeUndefined();

    // Without a width: the largest variant, not the 4000 px original.
    const plain = await request(app).get(url).set('accept', WEBP_BROWSER).buffer(true).expect(200);
    expect((await sharp(plain.body as Buffer).metadata()).width).toBe(1200);
    expect((plain.body as Buffer).includes(photo.subarray(0, 4096))).toBe(false);
  }, 120_000);

  it('makes an older image’s variant on its first request and stores it for the next ones', async () => {
    const db = mongoose.connection.db!;
    const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'files' });
    const upload = bucket.openUploadStream('store-old', {
      metadata: { contentType: 'image/jpeg', purpose: 'store' },
    });
    await new Promise<void>((resolve, reject) =>
      upload
        .once('finish', () => resolve())
        .once('error', reject)
        .end(photo),
    );
    const url = `/api/v1/files/${String(upload.id)}`;
    expect(await files(upload.id)).toHaveLength(1);

    const first = await request(app).get(`${url}?w=300`).set('accept', WEBP_BROWSER).buffer(true).expect(200);
    expect((await sharp(first.body as Buffer).metadata()).width).toBe(320);
    const variants = (await files(upload.id)).filter((f) => f.metadata?.variantOf);
    expect(variants.map((f) => [f.metadata!.width, f.metadata!.format])).toEqual([[320, 'webp']]);
    const again = await request(app).get(`${url}?w=300`).set('accept', WEBP_BROWSER).buffer(true).expect(200);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    expect((await files(upload.id)).filter((f) => f.metadata?.variantOf)).toHaveLength(1);
    // A variant's own id is no way in.
    await request(app)
      .get(`/api/v1/files/${String(variants[0]!._id)}`)
      .expect(404);
  }, 120_000);
});
