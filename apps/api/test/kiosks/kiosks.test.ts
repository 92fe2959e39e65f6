// Kiosk enrolment routes: who may enrol, list and revoke; scope and business narrow them; the credential shows once.
import request from 'supertest';
import { createApp } from '../../src/app';
import { KioskModel } from '../../src/modules/kiosks/kiosk.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { setupTestDb } from '../helpers/db';
import { makeMember, makeStore, makeUser } from '../factories';

setupTestDb();
const app = createApp();

async function business() {
  const owner = await makeUser({ fullname: 'Olivia Owner' });
  const soho = await makeStore(owner.id, { name: 'Soho' });
  const camden = await makeStore(owner.id, { name: 'Camden' });
  return { owner, soho, camden };
}

const enrol = (auth: Record<string, string>, storeId: unknown, body: object = {}) =>
  request(app).post(`/api/v1/stores/${String(storeId)}/kiosks`).set(auth).send(body);

describe('POST /api/v1/stores/:id/kiosks', () => {
  it('enrols a tablet: the credential is answered once, only its hash is stored, and the audit log says so', async () => {
    const { owner, soho } = await business();
    const res = await enrol(owner.auth, soho._id, { label: 'Till tablet' }).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ store: String(soho._id), label: 'Till tablet' });
    expect(res.body.credential).toMatch(/^kio_[\w-]{43}$/);
    const stored = await KioskModel.findById(res.body._id).lean();
    expect(JSON.stringify(stored)).not.toContain(res.body.credential);
    const audit = await AuditModel.findOne({ action: 'kiosk.enrol' }).lean();
    expect(audit?.summary).toBe('Enrolled a kiosk tablet (Till tablet) at Soho');
    expect(JSON.stringify(audit)).not.toContain(res.body.credential);
  });

  it('refuses a viewer with 403 and a manager of another store with 404', async () => {
    const { owner, soho, camden } = await business();
    const viewer = await makeMember(owner.id, 'viewer', [soho._id]);
    await enrol(viewer.auth, soho._id).expect(403);
    const manager = await makeMember(owner.id, 'manager', [camden._id]);
    await enrol(manager.auth, soho._id).expect(404);
    await enrol(manager.auth, camden._id).expect(201);
    const stranger = await makeUser();
    await enrol(stranger.auth, soho._id).expect(404);
    await enrol({}, soho._id).expect(401);
    expect(await KioskModel.countDocuments({ store: soho._id })).toBe(0);
  });

  it('answers 400 with the field message for a label that is too long', async () => {
    const { owner, soho } = await business();
    const res = await enrol(owner.auth, soho._id, { label: 'x'.repeat(61) }).expect(400);
    expect(res.body.fieldErrors.label).toEqual(['Label must be at most 60 characters']);
  });
});

describe('GET /api/v1/kiosks', () => {
  it("lists the member's stores' kiosks with who enrolled them and last use, never a credential", async () => {
    const { owner, soho, camden } = await business();
    const a = await enrol(owner.auth, soho._id, { label: 'Front' }).expect(201);
    const manager = await makeMember(owner.id, 'manager', [camden._id], { fullname: 'Max Manager' });
    await enrol(manager.auth, camden._id, { label: 'Back' }).expect(201);

    const all = await request(app).get('/api/v1/kiosks').set(owner.auth).expect(200);
    expect(all.body.kiosks).toHaveLength(2);
    expect(all.body.kiosks[1]).toMatchObject({
      _id: a.body._id,
      store: { _id: String(soho._id), name: 'Soho' },
      label: 'Front',
      createdBy: { name: 'Olivia Owner' },
      lastUsedAt: null,
    });
    expect(JSON.stringify(all.body)).not.toMatch(/kio_|credential|Hash/);

    const mine = await request(app).get('/api/v1/kiosks').set(manager.auth).expect(200);
    expect(mine.body.kiosks.map((k: { label: string }) => k.label)).toEqual(['Back']);
    const stranger = await makeUser();
    expect((await request(app).get('/api/v1/kiosks').set(stranger.auth).expect(200)).body.kiosks).toEqual([]);
  });
});

describe('DELETE /api/v1/kiosks/:id', () => {
  it('revokes (audited); another store’s manager, a viewer or another business cannot', async () => {
    const { owner, soho, camden } = await business();
    const kiosk = (await enrol(owner.auth, soho._id, { label: 'Front' }).expect(201)).body as { _id: string };
    const manager = await makeMember(owner.id, 'manager', [camden._id]);
    await request(app).delete(`/api/v1/kiosks/${kiosk._id}`).set(manager.auth).expect(404);
    const viewer = await makeMember(owner.id, 'viewer', [soho._id]);
    await request(app).delete(`/api/v1/kiosks/${kiosk._id}`).set(viewer.auth).expect(403);
    const stranger = await makeUser();
    await request(app).delete(`/api/v1/kiosks/${kiosk._id}`).set(stranger.auth).expect(404);
    expect(await KioskModel.countDocuments()).toBe(1);

    await request(app).delete(`/api/v1/kiosks/${kiosk._id}`).set(owner.auth).expect(200);
    expect(await KioskModel.countDocuments()).toBe(0);
    const audit = await AuditModel.findOne({ action: 'kiosk.revoke' }).lean();
    expect(audit?.summary).toBe('Revoked a kiosk tablet (Front) at Soho');
    await request(app).delete(`/api/v1/kiosks/${kiosk._id}`).set(owner.auth).expect(404);
    await request(app).delete('/api/v1/kiosks/not-an-id').set(owner.auth).expect(400);
  });
});
