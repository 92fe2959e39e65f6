// Sockets and the location tree: a store moved out of a district stops reaching its manager at once.
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { StoreModel } from '../../src/modules/stores/store.model';
import { treeChanged } from '../../src/tenancy/area-tree';
import { insertArea, rootArea } from '../../src/tenancy/areas';
import { newDeviceId } from '../helpers/devices';
import { setupTestDb } from '../helpers/db';
import { useSocketServer } from '../helpers/sockets';
import { makeShop, postFrom, submitBody } from '../feedback/support';
import { makeAreaMember } from '../factories';

setupTestDb();
const app = createApp();
const { openSocket } = useSocketServer(app);
afterEach(() => resetRateLimits());

const next = <T>(s: Socket, event: string, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
const rate = (store: { _id: unknown }, score: number) =>
  postFrom(
    app,
    '/feedback/experience-ratings',
    submitBody(store as never, { score, deviceId: newDeviceId() }),
  ).expect(201);

describe('rating events and PUT /api/v1/store/:id { area }', () => {
  it("a moved store's ratings stop reaching the district manager and reach the new district's", async () => {
    const shop = await makeShop();
    const top = await rootArea(shop.business.id);
    const london = await insertArea(shop.business.id, 'London', top);
    const leeds = await insertArea(shop.business.id, 'Leeds', top);
    await StoreModel.updateOne({ _id: shop.store._id }, { $set: { area: london._id } });
    await treeChanged(shop.business.id);
    const dm = await makeAreaMember(shop.business.id, 'manager', [london._id]);
    const north = await makeAreaMember(shop.business.id, 'viewer', [leeds._id]);

    const [before, northBefore] = await Promise.all([openSocket(dm.token), openSocket(north.token)]);
    let northEarly = 0;
    northBefore.on('rating', () => (northEarly += 1));
    const first = next<{ store: string }>(before, 'rating');
    await rate(shop.store, 4);
    expect(await first).toMatchObject({ store: String(shop.store._id) });
    expect(northEarly).toBe(0);

    // The move closes the sockets of both district members (their stores changed): their apps re-read and reconnect.
    const cut = Promise.all([next<string>(before, 'disconnect'), next<string>(northBefore, 'disconnect')]);
    await request(app)
      .put(`/api/v1/store/${String(shop.store._id)}`)
      .set(shop.business.auth)
      .send({ area: String(leeds._id) })
      .expect(200);
    expect(await cut).toEqual(['io server disconnect', 'io server disconnect']);

    const [after, northAfter, owner] = await Promise.all([
      openSocket(dm.token),
      openSocket(north.token),
      openSocket(shop.business.token),
    ]);
    let leaked = 0;
    after.on('rating', () => (leaked += 1));
    const got = Promise.all([next<{ store: string }>(owner, 'rating'), next<{ store: string }>(northAfter, 'rating')]);
    await rate(shop.store, 2);
    const [ownerSaw, northSaw] = await got;
    expect([ownerSaw.store, northSaw.store]).toEqual([String(shop.store._id), String(shop.store._id)]);
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toBe(0);
  });
});
