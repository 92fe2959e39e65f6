// A store's code (unique among live stores) and tags on create, update and the list; the import through an API key.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { StoreModel } from '../../src/modules/stores/store.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { createKey } from '../integrations/support';

setupTestDb();
const app = createApp();
beforeEach(() => resetRateLimits());

const create = (auth: Record<string, string>, body: object) =>
  request(app)
    .post('/api/v1/store/create')
    .set(auth)
    .send({ timeZone: 'UTC', ...body });

describe('store code and tags', () => {
  it('create and update carry code and tags; a code is unique among live stores (409), a deleted store frees it', async () => {
    const owner = await makeUser();
    const made = await create(owner.auth, {
      name: 'Soho',
      code: ' LON-2 ',
      tags: ['Mall', 'mall', ' franchise '],
    }).expect(201);
    expect(made.body.store).toMatchObject({ code: 'LON-2', tags: ['Mall', 'franchise'] });
    const clash = await create(owner.auth, { name: 'Other', code: 'LON-2' }).expect(409);
    expect(clash.body).toMatchObject({
      code: 'STORE_CODE_TAKEN',
      fieldErrors: { code: [expect.any(String)] },
    });
    const other = await create(owner.auth, { name: 'Other' }).expect(201);
    expect(other.body.store).toMatchObject({ code: null, tags: [] });
    await request(app)
      .put(`/api/v1/store/${other.body.store._id}`)
      .set(owner.auth)
      .send({ code: 'LON-2' })
      .expect(409);
    const renamed = await request(app)
      .put(`/api/v1/store/${made.body.store._id}`)
      .set(owner.auth)
      .send({ code: '', tags: ['high street'] })
      .expect(200);
    expect(renamed.body.store).toMatchObject({ code: null, tags: ['high street'] });
    await request(app)
      .put(`/api/v1/store/${other.body.store._id}`)
      .set(owner.auth)
      .send({ code: 'LON-2' })
      .expect(200);
    await request(app).delete(`/api/v1/store/${other.body.store._id}`).set(owner.auth).expect(200);
    expect(await StoreModel.findById(other.body.store._id).lean()).toMatchObject({ formerCode: 'LON-2' });
    await create(owner.auth, { name: 'Reborn', code: 'LON-2' }).expect(201);
  });

  it('answers 400 with per-field messages for a bad tag or code', async () => {
    const owner = await makeUser();
    const res = await create(owner.auth, { name: 'X', code: 'a'.repeat(65), tags: ['a,b'] }).expect(400);
    expect(res.body.fieldErrors).toEqual({
      code: ['Store code must be at most 64 characters'],
      'tags.0': ['Tags cannot contain commas, semicolons or line breaks'],
    });
  });

  it('the list filters by tags (every tag given, ignoring case) and q matches codes too', async () => {
    const owner = await makeUser();
    await makeStore(owner.id, { name: 'A', code: 'LON-1', tags: ['franchise', 'mall'] });
    await makeStore(owner.id, { name: 'B', code: 'LON-2', tags: ['franchise'] });
    await makeStore(owner.id, { name: 'C', code: 'NYC-1', tags: ['mall'] });
    const names = async (query: object) =>
      (await request(app).get('/api/v1/store').query(query).set(owner.auth).expect(200)).body.stores.map(
        (s: { name: string }) => s.name,
      );
    expect(await names({ tags: 'franchise' })).toEqual(['A', 'B']);
    expect(await names({ tags: 'MALL,franchise' })).toEqual(['A']);
    expect(await names({ tags: 'm.*' })).toEqual([]);
    expect(await names({ q: 'lon-' })).toEqual(['A', 'B']);
  });
});

describe('POST /api/v1/stores/import with an API key', () => {
  const csv = 'code,name,area\nK-1,Key Store,EU > Paris\n';
  const importWith = (auth: Record<string, string>, dryRun = 'false') =>
    request(app)
      .post('/api/v1/stores/import')
      .set(auth)
      .field('dryRun', dryRun)
      .attach('file', Buffer.from(csv), 'k.csv');

  it('a key with stores:import imports and the audit names the key; other scopes and store-limited keys get 403', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const importer = await createKey(app, owner, ['stores:import']);
    const reader = await createKey(app, owner, ['analytics:read']);
    const limited = await createKey(app, owner, ['stores:import'], [String(store._id)]);
    expect((await importWith(reader.auth).expect(403)).body.message).toMatch(/stores:import/);
    expect((await importWith(limited.auth).expect(403)).body.message).toBe(
      'An API key limited to some stores cannot import stores',
    );
    expect(await StoreModel.countDocuments({ business: owner.id })).toBe(1);
    const res = await importWith(importer.auth).expect(200);
    expect(res.body).toMatchObject({ applied: true, totals: { created: 1, areasCreated: 2 } });
    const entry = await AuditModel.findOne({ business: owner.id, action: 'store.import' }).lean();
    expect(entry).toMatchObject({ apiKey: expect.anything(), actorName: expect.stringContaining('API key') });
  });
});
