// The Areas migration on a database written before areas: each business gets one top area holding its stores,
// memberships keep their store grants, a tree already built is left alone, and a second run changes nothing.
import request from 'supertest';
import { createApp } from '../../src/app';
import { StoreModel } from '../../src/modules/stores/store.model';
import { migrateToAreas } from '../../src/scripts/migrate-areas';
import { AreaModel } from '../../src/tenancy/area.model';
import { MembershipModel } from '../../src/tenancy/membership.model';
import { makeMember, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

/** Two chains as they were before areas: stores without the field at all, one of them deleted. */
async function oldWorld() {
  const olive = await makeUser({ fullname: 'Olive' });
  const soho = await makeStore(olive.id, { name: 'Soho' });
  const camden = await makeStore(olive.id, { name: 'Camden', deletedAt: new Date() });
  const manager = await makeMember(olive.id, 'manager', [soho._id]);
  const pat = await makeUser({ fullname: 'Pat' });
  const leeds = await makeStore(pat.id, { name: 'Leeds' });
  await StoreModel.collection.updateMany({}, { $unset: { area: '' } });
  await AreaModel.deleteMany({});
  return { olive, soho, camden, manager, pat, leeds };
}

describe('migrateToAreas', () => {
  it('gives each business one top area named after it, holding all its stores', async () => {
    const { olive, soho, camden, manager, pat, leeds } = await oldWorld();
    const grantsBefore = await MembershipModel.find({}, { user: 1, stores: 1, allStores: 1 }).lean();

    expect(await migrateToAreas()).toEqual({ rootAreas: 2, storesPlaced: 3, changes: 5 });

    const roots = await AreaModel.find({}).sort({ name: 1 }).lean();
    expect(roots.map((a) => [a.name, String(a.business), a.parent])).toEqual([
      ["Olive's business", olive.id, null],
      ["Pat's business", pat.id, null],
    ]);
    const areaOf = async (id: unknown) => String((await StoreModel.findById(id).lean())!.area);
    expect(await areaOf(soho._id)).toBe(String(roots[0]!._id));
    expect(await areaOf(camden._id)).toBe(String(roots[0]!._id));
    expect(await areaOf(leeds._id)).toBe(String(roots[1]!._id));
    expect(await MembershipModel.find({}, { user: 1, stores: 1, allStores: 1 }).lean()).toEqual(grantsBefore);

    const listed = await request(app).get('/api/v1/store').set(manager.auth).expect(200);
    expect(listed.body.stores).toEqual([
      expect.objectContaining({ name: 'Soho', area: String(roots[0]!._id) }),
    ]);
    const seen = await request(app).get('/api/v1/areas').set(manager.auth).expect(200);
    expect(seen.body.areas).toEqual([
      { _id: String(roots[0]!._id), name: "Olive's business", parent: null, settings: {} },
    ]);
  });

  it('changes nothing the second time, and leaves a tree already built where it is', async () => {
    const { olive, soho } = await oldWorld();
    await migrateToAreas();
    const district = await request(app)
      .post('/api/v1/areas')
      .set(olive.auth)
      .send({ name: 'West End' })
      .expect(201);
    await request(app)
      .put(`/api/v1/store/${soho._id}`)
      .set(olive.auth)
      .send({ area: district.body._id })
      .expect(200);
    const before = await AreaModel.find({}).sort({ _id: 1 }).lean();

    expect(await migrateToAreas()).toEqual({ rootAreas: 0, storesPlaced: 0, changes: 0 });
    expect(await AreaModel.find({}).sort({ _id: 1 }).lean()).toEqual(before);
    expect(String((await StoreModel.findById(soho._id).lean())!.area)).toBe(district.body._id);
  });
});
