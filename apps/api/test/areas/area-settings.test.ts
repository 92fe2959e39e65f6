// Settings areas pass down (time zone, opening hours, rating interval, QR languages): nearest area wins, a store's own
// value beats inheritance, moves re-inherit, the top area reaches every store, and the rating day follows the result.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makeStaff, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { postFrom, submitBody } from '../feedback/support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

type Store = {
  _id: string;
  timeZone: string;
  inherited: Record<string, string | null>;
  minRatingIntervalMinutes: number;
  languages: string[];
  openingHours: unknown[];
};

const areas = async (who: MadeUser) =>
  (await request(app).get('/api/v1/areas').set(who.auth).expect(200)).body.areas;
const addArea = async (who: MadeUser, body: object) =>
  (await request(app).post('/api/v1/areas').set(who.auth).send(body).expect(201)).body;
const patchArea = (who: MadeUser, id: string, body: object) =>
  request(app).patch(`/api/v1/areas/${id}`).set(who.auth).send(body);
const addStore = async (who: MadeUser, body: object): Promise<Store> =>
  (await request(app).post('/api/v1/store/create').set(who.auth).send(body).expect(201)).body.store;
const putStore = (who: MadeUser, id: string, body: object) =>
  request(app).put(`/api/v1/store/${id}`).set(who.auth).send(body);
const storeOf = async (who: MadeUser, id: string): Promise<Store> =>
  (await request(app).get(`/api/v1/store/${id}`).set(who.auth).expect(200)).body.store;

/** Olive's chain: top › UK › London, top › US; a store inheriting everything in London and one in the US. */
async function chain() {
  const owner = await makeUser({ fullname: 'Olive Owner' });
  const [root] = await areas(owner);
  const uk = await addArea(owner, { name: 'UK', settings: { timeZone: 'Europe/London' } });
  const us = await addArea(owner, { name: 'US', settings: { timeZone: 'America/New_York' } });
  const london = await addArea(owner, { name: 'London', parent: uk._id });
  const soho = await addStore(owner, { name: 'Soho', area: london._id });
  const austin = await addStore(owner, { name: 'Austin', area: us._id });
  return { owner, root, uk, us, london, soho, austin };
}

describe('area settings', () => {
  it("lists what each area sets, and a new store takes the nearest area's values, saying where each comes from", async () => {
    const { owner, uk, soho, austin } = await chain();
    const listed = await areas(owner);
    expect(listed.find((a: { _id: string }) => a._id === uk._id).settings).toEqual({
      timeZone: 'Europe/London',
    });
    expect(soho.timeZone).toBe('Europe/London');
    expect(soho.inherited.timeZone).toBe(uk._id);
    // Nobody sets the interval or the languages: the defaults, from no area.
    expect(soho.minRatingIntervalMinutes).toBe(60);
    expect(soho.languages).toEqual(['en', 'es']);
    expect(soho.inherited.minRatingIntervalMinutes).toBeNull();
    expect(austin.timeZone).toBe('America/New_York');
  });

  it('a setting on the top area reaches every store that does not set its own', async () => {
    const { owner, root, soho, austin } = await chain();
    const own = await addStore(owner, {
      name: 'Own hours',
      openingHours: [{ day: 1, open: '07:00', close: '15:00' }],
    });
    const hours = [{ day: 1, open: '08:00', close: '20:00', closed: false }];
    await patchArea(owner, root._id, { settings: { openingHours: hours, languages: ['es'] } }).expect(200);
    for (const id of [soho._id, austin._id]) {
      const store = await storeOf(owner, id);
      expect(store.openingHours).toEqual(hours);
      expect(store.languages).toEqual(['es']);
      expect(store.inherited).toMatchObject({ openingHours: root._id, languages: root._id });
    }
    const kept = await storeOf(owner, own._id);
    expect(kept.openingHours).toEqual([{ day: 1, open: '07:00', close: '15:00', closed: false }]);
    expect(kept.inherited.openingHours).toBeUndefined();
    expect(kept.languages).toEqual(['es']);
  });

  it("a store's own value beats inheritance, and handing it back takes the area's again", async () => {
    const { owner, uk, soho } = await chain();
    await putStore(owner, soho._id, { timeZone: 'Europe/Dublin' }).expect(200);
    await patchArea(owner, uk._id, { settings: { timeZone: 'Europe/Lisbon' } }).expect(200);
    let store = await storeOf(owner, soho._id);
    expect(store.timeZone).toBe('Europe/Dublin');
    expect(store.inherited.timeZone).toBeUndefined();
    store = (await putStore(owner, soho._id, { inherit: ['timeZone'] }).expect(200)).body.store;
    expect(store.timeZone).toBe('Europe/Lisbon');
    expect(store.inherited.timeZone).toBe(uk._id);
  });

  it('the nearest area wins, and an area that stops setting passes on what is above it', async () => {
    const { owner, uk, london, soho } = await chain();
    await patchArea(owner, london._id, {
      settings: { timeZone: 'Europe/Paris', minRatingIntervalMinutes: 15 },
    }).expect(200);
    expect(await storeOf(owner, soho._id)).toMatchObject({
      timeZone: 'Europe/Paris',
      minRatingIntervalMinutes: 15,
      inherited: { timeZone: london._id, minRatingIntervalMinutes: london._id },
    });
    await patchArea(owner, london._id, { settings: { timeZone: null } }).expect(200);
    expect(await storeOf(owner, soho._id)).toMatchObject({
      timeZone: 'Europe/London',
      inherited: { timeZone: uk._id },
    });
  });

  it('moving a store, or the area above it, changes what it inherits', async () => {
    const { owner, us, london, soho } = await chain();
    let store = (await putStore(owner, soho._id, { area: us._id }).expect(200)).body.store as Store;
    expect(store).toMatchObject({ timeZone: 'America/New_York', inherited: { timeZone: us._id } });
    await putStore(owner, soho._id, { area: london._id }).expect(200);
    expect((await storeOf(owner, soho._id)).timeZone).toBe('Europe/London');
    await patchArea(owner, london._id, { parent: us._id }).expect(200);
    store = await storeOf(owner, soho._id);
    expect(store).toMatchObject({ timeZone: 'America/New_York', inherited: { timeZone: us._id } });
  });

  it('refuses bad settings with per-field messages, and lets only owners and admins change them', async () => {
    const { owner, uk, soho } = await chain();
    const res = await patchArea(owner, uk._id, {
      settings: { timeZone: 'Mars/Base', minRatingIntervalMinutes: 5000, languages: [] },
    }).expect(400);
    expect(res.body.fieldErrors).toMatchObject({
      'settings.timeZone': ['Choose a valid IANA time zone, e.g. Europe/London'],
      'settings.minRatingIntervalMinutes': ['The interval must be a whole number of minutes from 0 to 1440'],
      'settings.languages': ['Choose at least one language'],
    });
    const manager = await makeMember(owner.id, 'manager', [soho._id]);
    await patchArea(manager, uk._id, { settings: { timeZone: 'Europe/Paris' } }).expect(403);
    expect((await storeOf(owner, soho._id)).timeZone).toBe('Europe/London');
  });

  it('audits a settings change with how many stores took it', async () => {
    const { owner, uk } = await chain();
    await patchArea(owner, uk._id, { settings: { timeZone: 'Europe/Paris' } }).expect(200);
    const entry = await AuditModel.findOne({ action: 'area.settings' }).lean();
    expect(entry?.summary).toBe('Changed the settings of UK (timeZone); 1 store took the new values');
  });
});

describe('inherited settings at work', () => {
  it('buckets a rating into the day of the time zone the store inherits', async () => {
    const { owner, us, soho } = await chain();
    await patchArea(owner, us._id, { settings: { timeZone: 'Pacific/Auckland' } }).expect(200);
    await putStore(owner, soho._id, { area: us._id }).expect(200);
    const shop = { _id: (await storeOf(owner, soho._id))._id } as never;
    const res = await postFrom(app, '/feedback/experience-ratings', submitBody(shop, { score: 5 })).expect(
      201,
    );
    const rating = await RatingModel.findById(res.body._id).lean();
    const auckland = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(
      rating!.createdAt,
    );
    expect(rating?.day).toBe(auckland);
  });

  it('applies the inherited interval between two ratings from one device (0: no limit)', async () => {
    const { owner, london, soho } = await chain();
    const alice = await makeStaff(owner.id, [soho._id as never], { name: 'Alice Archer' });
    const rate = () =>
      postFrom(
        app,
        '/feedback/staff-ratings',
        submitBody({ _id: soho._id } as never, { staff: String(alice._id), score: 4 }),
      );
    await rate().expect(201);
    await rate().expect(429);
    await patchArea(owner, london._id, { settings: { minRatingIntervalMinutes: 0 } }).expect(200);
    const bob = await makeStaff(owner.id, [soho._id as never], { name: 'Bob Baker' });
    const rateBob = () =>
      postFrom(
        app,
        '/feedback/staff-ratings',
        submitBody({ _id: soho._id } as never, { staff: String(bob._id), score: 4 }),
      );
    await rateBob().expect(201);
    await rateBob().expect(201);
  });

  it('offers the customer pages the languages the store inherits', async () => {
    const { owner, london, soho } = await chain();
    await patchArea(owner, london._id, { settings: { languages: ['es', 'en'] } }).expect(200);
    const res = await request(app).get(`/api/v1/feedback/stores/${soho._id}`).expect(200);
    expect(res.body.languages).toEqual(['es', 'en']);
  });
});
