// TV pairing codes: a member shows a short code for a store's board; a TV trades it once, before it expires, for a link.
import request from 'supertest';
import { PAIRING_CODE_ALPHABET } from '@cx/contracts';
import { createApp } from '../../src/app';
import { env } from '../../src/config/env';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { BoardPairingModel } from '../../src/modules/boards/board-pairing.model';
import { PAIRING_TTL_MS } from '../../src/modules/boards/board-pairing.service';
import { PAIRING_REDEEM_LIMIT } from '../../src/modules/boards/boards.router';
import { BoardModel } from '../../src/modules/boards/board.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { setupTestDb } from '../helpers/db';
import { makeMember, makeStore, makeUser, type MadeUser } from '../factories';
import { publicBoard } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

const showCode = (who: MadeUser, store: { _id: unknown }) =>
  request(app)
    .post('/api/v1/boards/pairing-codes')
    .set(who.auth)
    .send({ store: String(store._id) });
const redeem = (code: string) => request(app).post('/api/v1/boards/pairing-codes/redeem').send({ code });

describe('POST /api/v1/boards/pairing-codes', () => {
  it('shows a 6-character code without look-alike characters, expiring in 10 minutes, kept only as a hash', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id, { name: 'High Street' });
    const before = Date.now();
    const res = await showCode(owner, store);
    expect(res.status).toBe(201);
    expect(res.body.code).toMatch(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{6}$`));
    expect(res.body.code).not.toMatch(/[01OIL]/);
    expect(res.body.pairUrl).toBe(`${env.PUBLIC_WEB_URL}/tv?code=${res.body.code}`);
    const ttl = Date.parse(res.body.expiresAt) - before;
    expect(ttl).toBeGreaterThanOrEqual(PAIRING_TTL_MS - 1000);
    expect(ttl).toBeLessThanOrEqual(PAIRING_TTL_MS + 5000);
    const stored = await BoardPairingModel.findOne({ store: store._id }).lean();
    expect(JSON.stringify(stored)).not.toContain(res.body.code);
    expect(await AuditModel.countDocuments({ business: owner.id, action: 'board.pairingCode' })).toBe(1);
  });

  it("gives a manager a code for their store only; another store or another business's is 404, a viewer 403", async () => {
    const owner = await makeUser();
    const mine = await makeStore(owner.id);
    const notMine = await makeStore(owner.id);
    const manager = await makeMember(owner.id, 'manager', [mine._id]);
    const viewer = await makeMember(owner.id, 'viewer', [mine._id]);
    expect((await showCode(manager, mine)).status).toBe(201);
    expect((await showCode(manager, notMine)).status).toBe(404);
    expect((await showCode(await makeUser(), mine)).status).toBe(404);
    expect((await showCode(viewer, mine)).status).toBe(403);
    expect(await BoardPairingModel.countDocuments({ store: notMine._id })).toBe(0);
  });

  it('answers 401 without a login and 400 naming the field for a bad store id', async () => {
    expect((await request(app).post('/api/v1/boards/pairing-codes').send({ store: 'x' })).status).toBe(401);
    const owner = await makeUser();
    const bad = await request(app)
      .post('/api/v1/boards/pairing-codes')
      .set(owner.auth)
      .send({ store: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty('store');
  });
});

describe('POST /api/v1/boards/pairing-codes/redeem', () => {
  it('opens a new board of that store for the TV, once, typed in any case with spaces around', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id, { name: 'Harbour' });
    const { code } = (await showCode(owner, store)).body as { code: string };
    const res = await redeem(` ${code.toLowerCase()} `);
    expect(res.status).toBe(200);
    const board = await publicBoard(app, res.body.token);
    expect(board.status).toBe(200);
    expect(board.body.store.name).toBe('Harbour');
    // The paired TV's board is listed (and can be switched off) like any other.
    const list = await request(app).get('/api/v1/boards').set(owner.auth);
    expect(list.body.boards).toEqual([
      expect.objectContaining({ store: { _id: String(store._id), name: 'Harbour' } }),
    ]);
    // A code opens one TV: a second use is the same 404 as a wrong code.
    expect((await redeem(code)).status).toBe(404);
    expect(await BoardModel.countDocuments({ store: store._id })).toBe(1);
  });

  it('answers 404 for a wrong code and for an expired one, and 400 naming the field for a malformed one', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const { code } = (await showCode(owner, store)).body as { code: string };
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const res = await redeem(wrong);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Pairing code not found');
    await BoardPairingModel.updateOne(
      { store: store._id },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect((await redeem(code)).status).toBe(404);
    const bad = await redeem('0O1IL!');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.code[0]).toMatch(/6-character code/);
    expect(await BoardModel.countDocuments({})).toBe(0);
  });

  it('answers 404 once the store is deleted', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const { code } = (await showCode(owner, store)).body as { code: string };
    await StoreModel.updateOne({ _id: store._id }, { $set: { deletedAt: new Date() } });
    expect((await redeem(code)).status).toBe(404);
    expect(await BoardModel.countDocuments({})).toBe(0);
  });

  it(`answers 429 after ${PAIRING_REDEEM_LIMIT} wrong codes from one address, even for the right code then`, async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const { code } = (await showCode(owner, store)).body as { code: string };
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < PAIRING_REDEEM_LIMIT; i++) expect((await redeem(wrong)).status).toBe(404);
    const limited = await redeem(code);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many wrong codes/);
    expect(await BoardModel.countDocuments({})).toBe(0);
    resetRateLimits();
    expect((await redeem(code)).status).toBe(200);
  });

  it("never opens another business's board: each code opens its own store's board only", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const storeA = await makeStore(a.id, { name: 'A shop' });
    const storeB = await makeStore(b.id, { name: 'B shop' });
    const codeA = (await showCode(a, storeA)).body.code as string;
    const codeB = (await showCode(b, storeB)).body.code as string;
    const tvB = await redeem(codeB);
    expect((await publicBoard(app, tvB.body.token)).body.store.name).toBe('B shop');
    expect((await request(app).get('/api/v1/boards').set(a.auth)).body.boards).toEqual([]);
    const tvA = await redeem(codeA);
    expect((await publicBoard(app, tvA.body.token)).body.store.name).toBe('A shop');
    expect(await BoardModel.countDocuments({ business: a.id, store: storeA._id })).toBe(1);
    expect(await BoardModel.countDocuments({ business: b.id, store: storeB._id })).toBe(1);
  });
});
