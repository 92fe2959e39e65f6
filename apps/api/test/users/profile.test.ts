import request from 'supertest';
import { USER_MESSAGES } from '@cx/contracts';
import { createApp } from '../../src/app';
import { INVALID_IMAGE_MESSAGE } from '../../src/lib/files';
import { UserModel } from '../../src/modules/users/user.model';
import { setupTestDb } from '../helpers/db';
import { makeStore, makeUser, type MadeUser } from '../factories';

setupTestDb();
const app = createApp();

/** PUT update-profile as `made` with these multipart text fields, ready for `.attach()` and `.expect()`. */
function updateProfile(made: MadeUser, fields: Record<string, string>) {
  let req = request(app).put('/api/v1/user/update-profile').set(made.auth);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return req;
}

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('GET /api/v1/user/get-profile', () => {
  it("answers the signed-in user's profile", async () => {
    const made = await makeUser({ fullname: 'Katherine Johnson' });
    const res = await request(app).get('/api/v1/user/get-profile').set(made.auth).expect(200);
    expect(res.body.user).toMatchObject({
      id: made.id,
      fullname: 'Katherine Johnson',
      email: made.user.email,
    });
  });

  it('answers 401 with a message without a token', async () => {
    const res = await request(app).get('/api/v1/user/get-profile').expect(401);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('GET /api/v1/user/me', () => {
  it('answers the subscription status', async () => {
    const made = await makeUser({
      subscriptionStatus: 'trialing',
      trialEndsAt: new Date(Date.now() + 86_400_000),
    });
    const res = await request(app).get('/api/v1/user/me').set(made.auth).expect(200);
    expect(res.body.user.subscriptionStatus).toBe('trialing');
  });

  it('answers expired once the trial has ended', async () => {
    const made = await makeUser({ subscriptionStatus: 'trialing', trialEndsAt: new Date(Date.now() - 1000) });
    const res = await request(app).get('/api/v1/user/me').set(made.auth).expect(200);
    expect(res.body.user.subscriptionStatus).toBe('expired');
  });
});

describe('PUT /api/v1/user/update-profile', () => {
  it('changes the name and uploads an avatar served with its content type', async () => {
    const made = await makeUser();
    const res = await updateProfile(made, { fullname: 'Dorothy Vaughan', oldPassword: '', newPassword: '' })
      .attach('profilePicture', PNG, { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    expect(res.body.message).toBe(USER_MESSAGES.profileUpdated);
    expect(res.body.user.fullname).toBe('Dorothy Vaughan');
    expect(res.body.user.profilePicture).toMatch(/^\/api\/v1\/files\/[0-9a-f]{24}$/);
    // An avatar is private: its owner's token reads it, and no shared cache may keep it.
    const image = await request(app).get(res.body.user.profilePicture).set(made.auth).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toMatch(/^private, max-age/);
    await request(app).get(res.body.user.profilePicture).expect(401);
  });

  it('replaces the old avatar file when a new one is uploaded', async () => {
    const made = await makeUser();
    const first = await updateProfile(made, { fullname: 'A' }).attach('profilePicture', PNG, 'a.png');
    const second = await updateProfile(made, { fullname: 'A' })
      .attach('profilePicture', PNG, 'b.png')
      .expect(200);
    expect(second.body.user.profilePicture).not.toBe(first.body.user.profilePicture);
    await request(app).get(first.body.user.profilePicture).expect(404);
  });

  it('refuses a renamed non-image with 400 and a message', async () => {
    const made = await makeUser();
    const res = await updateProfile(made, { fullname: 'Mallory' })
      .attach('profilePicture', Buffer.from('<?php echo "hi"; ?>'), {
        filename: 'avatar.png',
        contentType: 'image/png',
      })
      .expect(400);
    expect(res.body.message).toBe(INVALID_IMAGE_MESSAGE);
    expect((await UserModel.findById(made.id))?.fullname).not.toBe('Mallory');
  });

  it('refuses an image over the size limit with 413', async () => {
    const made = await makeUser();
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    await updateProfile(made, { fullname: 'Big' }).attach('profilePicture', big, 'big.png').expect(413);
  });

  it.each([
    ['', USER_MESSAGES.nameRequired],
    ['n'.repeat(256), USER_MESSAGES.tooLong],
  ])('refuses fullname %p with the spec message', async (fullname, message) => {
    const made = await makeUser();
    const res = await updateProfile(made, { fullname }).expect(400);
    expect(res.body.fieldErrors.fullname).toEqual([message]);
  });

  it('changes the password with the correct old one and answers a fresh token', async () => {
    const made = await makeUser();
    const res = await updateProfile(made, {
      fullname: made.user.fullname,
      oldPassword: made.password,
      newPassword: 'Changed12345',
    }).expect(200);
    await request(app).get('/api/v1/user/me').set(made.auth).expect(401);
    await request(app).get('/api/v1/user/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: 'Changed12345' })
      .expect(200);
  });

  it('refuses a new password with a wrong old one (400, the session stays)', async () => {
    const made = await makeUser();
    const res = await updateProfile(made, {
      fullname: made.user.fullname,
      oldPassword: 'not-my-password',
      newPassword: 'Changed12345',
    }).expect(400);
    expect(res.body.message).toBe(USER_MESSAGES.oldPasswordWrong);
    await request(app).get('/api/v1/user/me').set(made.auth).expect(200);
  });

  it('refuses a new password without the old one', async () => {
    const made = await makeUser();
    const res = await updateProfile(made, {
      fullname: made.user.fullname,
      newPassword: 'Changed12345',
    }).expect(400);
    expect(res.body.message).toBe(USER_MESSAGES.oldPasswordRequired);
  });

  it('refuses a too-short new password', async () => {
    const made = await makeUser();
    const res = await updateProfile(made, {
      fullname: made.user.fullname,
      oldPassword: made.password,
      newPassword: 'short',
    }).expect(400);
    expect(res.body.fieldErrors.newPassword).toEqual([USER_MESSAGES.passwordTooShort]);
  });

  it('answers 401 without a token', async () => {
    await request(app).put('/api/v1/user/update-profile').field('fullname', 'X').expect(401);
  });
});

describe('PUT /api/v1/user/select-store', () => {
  it('remembers one of the user’s stores', async () => {
    const made = await makeUser();
    const store = await makeStore(made.id);
    const res = await request(app)
      .put('/api/v1/user/select-store')
      .set(made.auth)
      .send({ storeId: String(store._id) })
      .expect(200);
    expect(res.body.user.selectedStore).toBe(String(store._id));
    const profile = await request(app).get('/api/v1/user/get-profile').set(made.auth).expect(200);
    expect(profile.body.user.selectedStore).toBe(String(store._id));
  });

  it("answers 404 for another business's store", async () => {
    const made = await makeUser();
    const other = await makeUser();
    const store = await makeStore(other.id);
    await request(app)
      .put('/api/v1/user/select-store')
      .set(made.auth)
      .send({ storeId: String(store._id) })
      .expect(404);
  });

  it('refuses a malformed id with 400', async () => {
    const made = await makeUser();
    await request(app).put('/api/v1/user/select-store').set(made.auth).send({ storeId: 'nope' }).expect(400);
  });
});
