// /api/v1/brand: owners and admins set the logo and colour (audited), every member reads them, managers cannot change
// them; the customer QR page's public store data and the single poster carry them.
import request from 'supertest';
import { createApp } from '../../src/app';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makePng, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { pdfImages } from '../helpers/qr';

setupTestDb();
const app = createApp();

describe('/api/v1/brand', () => {
  it('sets the colour with the readable text colour, audited; clears it; bad colours get the schema message', async () => {
    const owner = await makeUser();
    const empty = await request(app).get('/api/v1/brand').set(owner.auth).expect(200);
    expect(empty.body).toEqual({ brand: { logo: null, color: null, textColor: null } });
    const dark = await request(app).put('/api/v1/brand').set(owner.auth).send({ color: '#1A56DB' }).expect(200);
    expect(dark.body).toEqual({
      message: 'Brand updated',
      brand: { logo: null, color: '#1a56db', textColor: '#ffffff' },
    });
    const light = await request(app).put('/api/v1/brand').set(owner.auth).send({ color: '#fd0' }).expect(200);
    expect(light.body.brand).toMatchObject({ color: '#ffdd00', textColor: '#111827' });
    const bad = await request(app).put('/api/v1/brand').set(owner.auth).send({ color: 'blue' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ color: ['Brand colour must be a hex colour like #1A56DB'] });
    const cleared = await request(app).put('/api/v1/brand').set(owner.auth).send({ color: null }).expect(200);
    expect(cleared.body.brand.color).toBeNull();
    const audit = await AuditModel.find({ business: owner.id, action: 'brand.color' }).sort({ _id: 1 }).lean();
    expect(audit.map((a) => a.summary)).toEqual([
      'Set the brand colour to #1a56db',
      'Set the brand colour to #ffdd00',
      'Cleared the brand colour',
    ]);
  });

  it('takes a logo image (413 too large, 415 not an image), serves it publicly and removes it', async () => {
    const owner = await makeUser();
    const notImage = await request(app)
      .put('/api/v1/brand/logo')
      .set(owner.auth)
      .attach('logo', Buffer.from('name,code\nSoho,S1\n'), 'logo.png');
    expect(notImage.status).toBe(415);
    expect(notImage.body.fieldErrors).toEqual({ logo: ['Please upload a JPEG, PNG or WebP image'] });
    const huge = await request(app)
      .put('/api/v1/brand/logo')
      .set(owner.auth)
      .attach('logo', Buffer.alloc(3 * 1024 * 1024, 1), 'logo.png');
    expect(huge.status).toBe(413);
    const missing = await request(app).put('/api/v1/brand/logo').set(owner.auth).field('x', '1');
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ logo: ['Please choose a logo to upload'] });

    const up = await request(app)
      .put('/api/v1/brand/logo')
      .set(owner.auth)
      .attach('logo', makePng(40, 20), 'logo.png')
      .expect(200);
    expect(up.body.brand.logo).toMatch(/^\/api\/v1\/files\/[0-9a-f]{24}-[A-Za-z0-9_-]{22}$/);
    // Customers' phones fetch it with no token.
    await request(app).get(up.body.brand.logo).expect(200);
    const gone = await request(app).delete('/api/v1/brand/logo').set(owner.auth).expect(200);
    expect(gone.body).toEqual({ message: 'Logo removed', brand: { logo: null, color: null, textColor: null } });
    await request(app).get(up.body.brand.logo).expect(404);
    const audit = await AuditModel.find({ business: owner.id, action: 'brand.logo' }).sort({ _id: 1 }).lean();
    expect(audit.map((a) => a.summary)).toEqual(['Changed the chain logo', 'Removed the chain logo']);
  });

  it('lets an admin change it, a manager only read it, and keeps each business its own', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const admin = await makeMember(owner.id, 'admin');
    const manager = await makeMember(owner.id, 'manager', [store._id]);
    await request(app).put('/api/v1/brand').set(admin.auth).send({ color: '#0e7c3a' }).expect(200);
    const read = await request(app).get('/api/v1/brand').set(manager.auth).expect(200);
    expect(read.body.brand.color).toBe('#0e7c3a');
    await request(app).put('/api/v1/brand').set(manager.auth).send({ color: '#000000' }).expect(403);
    await request(app)
      .put('/api/v1/brand/logo')
      .set(manager.auth)
      .attach('logo', makePng(), 'logo.png')
      .expect(403);
    await request(app).delete('/api/v1/brand/logo').set(manager.auth).expect(403);
    const stranger = await makeUser();
    expect((await request(app).get('/api/v1/brand').set(stranger.auth).expect(200)).body.brand.color).toBeNull();
  });

  it("reaches the customer page's public store data and the single poster", async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id, { name: 'Quay' });
    await request(app).put('/api/v1/brand').set(owner.auth).send({ color: '#7c3aed' }).expect(200);
    const logo = makePng(120, 40, [255, 0, 255]);
    const up = await request(app).put('/api/v1/brand/logo').set(owner.auth).attach('logo', logo, 'l.png').expect(200);
    const pub = await request(app).get(`/api/v1/anonymous/store-details/${String(store._id)}`).expect(200);
    expect(pub.body.store.brand).toEqual({ logo: up.body.brand.logo, color: '#7c3aed', textColor: '#ffffff' });
    const poster = await request(app)
      .get(`/api/v1/store/${String(store._id)}/poster.pdf`)
      .set(owner.auth)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    // The 120 × 40 logo is embedded as it was uploaded (its variants never enlarge), beside the QR image.
    expect(pdfImages(poster.body as Buffer).some((img) => img.width === 120 && img.height === 40)).toBe(true);
  });
});
