// An upload is decoded once when it arrives and refused (400) when it cannot be shown or is a pixel bomb; a stored
// image that cannot be rendered is served as it is, not answered 500 on every view.
import mongoose from 'mongoose';
import request from 'supertest';
import { createApp } from '../../src/app';
import { MAX_IMAGE_PIXELS } from '../../src/lib/image-variants';
import {
  makePixelBombPng,
  makePng,
  makeTruncatedPng,
  makeUndecodablePng,
  makeUser,
  type MadeUser,
} from '../factories';
import { setupTestDb } from '../helpers/db';

/** Every image handed to sharp, so a test can count how often an upload's bytes were opened. */
const mockSharpInputs: Buffer[] = [];
jest.mock('sharp', () => {
  const actual = jest.requireActual<(...args: unknown[]) => unknown>('sharp');
  const counting = (...args: unknown[]) => {
    if (Buffer.isBuffer(args[0])) mockSharpInputs.push(args[0]);
    return actual(...args);
  };
  return Object.assign(counting, actual);
});

setupTestDb();
const app = createApp();
const PROFILE = '/api/v1/user/update-profile';
const opened = (image: Buffer) => mockSharpInputs.filter((input) => input.equals(image)).length;

beforeEach(() => {
  mockSharpInputs.length = 0;
});

/** A user's stored originals and their variants (GridFS is not cleared between tests). */
async function storedFiles(business: string) {
  const files = mongoose.connection.db!.collection('files.files');
  const originals = await files.find({ 'metadata.business': business }).toArray();
  const variants = await files.find({ 'metadata.variantOf': { $in: originals.map((f) => f._id) } }).toArray();
  return { originals, variants };
}

describe(`PUT ${PROFILE} (profile picture decoding)`, () => {
  let made: MadeUser;
  beforeEach(async () => {
    made = await makeUser();
  });
  const upload = (image: Buffer) =>
    request(app)
      .put(PROFILE)
      .set(made.auth)
      .field('fullname', 'Ada Owner')
      .attach('profilePicture', image, 'me.png');
  const profilePicture = async () =>
    (await request(app).get('/api/v1/user/get-profile').set(made.auth).expect(200)).body.user.profilePicture;

  it('refuses with 400 a file that starts like a PNG but is not an image, and keeps the old picture', async () => {
    await upload(makePng(64, 64)).expect(200);
    const before: unknown = await profilePicture();
    expect(before).toBeTruthy();

    for (const broken of [makeUndecodablePng(), makeTruncatedPng()]) {
      const res = await upload(broken).expect(400);
      expect(res.body).toEqual({
        message: 'We could not read that image. Please upload a JPEG, PNG or WebP photo.',
        code: 'INVALID_IMAGE',
        fieldErrors: { image: ['We could not read that image. Please upload a JPEG, PNG or WebP photo.'] },
      });
    }
    expect(await profilePicture()).toBe(before);
    // The picture still shows, and nothing of the refused files was stored.
    await request(app)
      .get(`${String(before)}?w=160`)
      .set(made.auth)
      .expect(200);
    expect((await storedFiles(made.id)).originals).toHaveLength(1);
  }, 120_000);

  it('refuses a gigapixel PNG of 130 kB with 400 after reading its header once, storing nothing', async () => {
    const bomb = makePixelBombPng(32768);
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    const res = await upload(bomb).expect(400);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.body.code).toBe('IMAGE_TOO_LARGE');
    expect(res.body.message).toBe(
      `Images can be at most ${MAX_IMAGE_PIXELS / 1e6} megapixels; this one is 32768 × 32768. Please upload a smaller photo.`,
    );
    expect(opened(bomb)).toBeLessThanOrEqual(1);
    expect((await storedFiles(made.id)).originals).toHaveLength(0);
    expect(await profilePicture()).toBeFalsy();
  }, 60_000);

  it('decodes an accepted upload once and renders all its variants from those pixels', async () => {
    const photo = makePng(1300, 700, [20, 120, 200]);
    const res = await upload(photo).expect(200);
    expect(opened(photo)).toBe(1);
    // Five widths in WebP and in PNG, all there when the upload is answered.
    expect((await storedFiles(made.id)).variants).toHaveLength(10);
    const url = res.body.user.profilePicture as string;
    const small = await request(app)
      .get(`${url}?w=160`)
      .set(made.auth)
      .set('accept', 'image/webp')
      .buffer(true)
      .expect(200);
    expect(small.headers['content-type']).toBe('image/webp');
  }, 120_000);
});

describe('GET /api/v1/files/:id?w= (an image that cannot be rendered)', () => {
  it('serves the original with 200, remembers the failure, and does not try to render it again', async () => {
    // Stored before uploads were decoded: PNG bytes that stop part-way through the pixels.
    const broken = makeTruncatedPng();
    const bucket = new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: 'files' });
    const stored = bucket.openUploadStream('store-old', {
      metadata: { contentType: 'image/png', purpose: 'store' },
    });
    await new Promise<void>((resolve, reject) =>
      stored
        .once('finish', () => resolve())
        .once('error', reject)
        .end(broken),
    );
    const url = `/api/v1/files/${String(stored.id)}?w=160`;

    for (let view = 0; view < 3; view++) {
      const res = await request(app).get(url).set('accept', 'image/webp').buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(res.body as Buffer, broken)).toBe(0);
    }
    expect(opened(broken)).toBe(1);
    const [file] = await mongoose.connection.db!.collection('files.files').find({ _id: stored.id }).toArray();
    expect(file?.metadata).toMatchObject({ unrenderable: true });
  });
});
