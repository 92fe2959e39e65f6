// GET /api/v1/files/:id: avatars are their owner's alone (a guessed id gets nothing); store and staff images are public
// under unguessable keys, and a store image's old id URL keeps working.
import mongoose from 'mongoose';
import request from 'supertest';
import { createApp } from '../../src/app';
import { makeMember, makePng, makeStaff, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

async function uploadAvatar(made: MadeUser): Promise<string> {
  const res = await request(app)
    .put('/api/v1/user/update-profile')
    .set(made.auth)
    .field('fullname', 'Avatar Owner')
    .attach('profilePicture', makePng(32, 32), 'me.png')
    .expect(200);
  return res.body.user.profilePicture as string;
}
const idOf = (url: string) => url.split('/').pop()!.split('-')[0]!;

/** A store image as it was stored before keys existed (no `keyed` flag), attached to a new store. */
async function legacyStoreImage(business: string): Promise<{ storeId: string; fileId: string }> {
  const bucket = new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: 'files' });
  const stream = bucket.openUploadStream('store-legacy', {
    metadata: { business, purpose: 'store', contentType: 'image/png' },
  });
  await new Promise<void>((resolve, reject) =>
    stream
      .once('finish', () => resolve())
      .once('error', reject)
      .end(makePng(16, 16)),
  );
  const store = await makeStore(business, { image: stream.id });
  return { storeId: String(store._id), fileId: String(stream.id) };
}

describe('GET /api/v1/files/:id (avatar by guessed id)', () => {
  it('does not give account B the avatar account A uploaded just after B’s own, by id, with or without B’s token', async () => {
    const a = await makeUser();
    const b = await makeUser();
    const own = await uploadAvatar(b);
    const victim = await uploadAvatar(a);
    // The attacker's best case: a perfect guess of the next avatar's id (the same process's ObjectId sequence).
    expect(idOf(victim).slice(8, 18)).toBe(idOf(own).slice(8, 18));
    expect(idOf(victim) > idOf(own)).toBe(true);

    await request(app).get(own).set(b.auth).expect(200);
    const guessed = await request(app)
      .get(`/api/v1/files/${idOf(victim)}`)
      .set(b.auth)
      .expect(404);
    expect(guessed.body.message).toBe('File not found');
    await request(app)
      .get(`/api/v1/files/${idOf(victim)}?w=160`)
      .expect(401);
    await request(app).get(victim).set(a.auth).expect(200);
  });

  it('does not open an avatar with a made-up key, nor to a teammate in the owner’s business', async () => {
    const a = await makeUser();
    const avatar = await uploadAvatar(a);
    await request(app).get(`${avatar}-AAAAAAAAAAAAAAAAAAAAAA`).expect(404);
    const admin = await makeMember(a.id, 'admin');
    await request(app).get(avatar).set(admin.auth).expect(404);
  });
});

describe('GET /api/v1/files/:key (public images)', () => {
  it('serves a store image and a staff photo without a token under the URL the API hands out', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const up = await request(app)
      .put(`/api/v1/store/${store._id}/image`)
      .set(owner.auth)
      .attach('image', makePng(40, 30), 'shop.png')
      .expect(200);
    const url = up.body.store.image as string;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{24}-[\w-]{22}$/);
    const res = await request(app).get(`${url}?w=160`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const member = await makeStaff(owner.id, [store._id]);
    const photo = await request(app)
      .put(`/api/v1/staff/${member._id}/photo`)
      .set(owner.auth)
      .attach('image', makePng(20, 20), 'me.png')
      .expect(200);
    await request(app)
      .get(photo.body.staff.photo as string)
      .expect(200);
  });

  it('refuses a new public image by its bare id or with a wrong key: the key is the only public way in', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const up = await request(app)
      .put(`/api/v1/store/${store._id}/image`)
      .set(owner.auth)
      .attach('image', makePng(40, 30), 'shop.png')
      .expect(200);
    const id = idOf(up.body.store.image as string);
    await request(app).get(`/api/v1/files/${id}`).expect(401);
    await request(app)
      .get(`/api/v1/files/${id}-${'B'.repeat(22)}`)
      .expect(404);
    // Its own business may still read it by id.
    await request(app).get(`/api/v1/files/${id}`).set(owner.auth).expect(200);
  });

  it('keeps a store image’s old id URL working, and serves it under its new key too', async () => {
    const owner = await makeUser();
    const { storeId, fileId } = await legacyStoreImage(owner.id);
    await request(app).get(`/api/v1/files/${fileId}`).expect(200);
    const details = await request(app).get(`/api/v1/anonymous/store-details/${storeId}`).expect(200);
    const url = details.body.store.image as string;
    expect(url).toMatch(new RegExp(`^/api/v1/files/${fileId}-[\\w-]{22}$`));
    await request(app).get(url).expect(200);
  });
});
