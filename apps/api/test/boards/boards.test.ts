// Breakroom board links: created per store in the member's scope, listed with last seen, switched off for good.
import request from 'supertest';
import { createApp } from '../../src/app';
import { env } from '../../src/config/env';
import { AuditModel } from '../../src/tenancy/audit.model';
import { BoardModel } from '../../src/modules/boards/board.model';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { setupTestDb } from '../helpers/db';
import { makeMember, makeStore, makeUser } from '../factories';
import { createBoard, publicBoard } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

describe('POST /api/v1/boards', () => {
  it('answers a link under the public web address with an unguessable token, and keeps only its hash', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id, { name: 'High Street' });
    const { res, token } = await createBoard(app, owner, store);
    expect(res.status).toBe(201);
    expect(res.body.url).toBe(`${env.PUBLIC_WEB_URL}/board/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await BoardModel.findById(res.body._id).lean();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await AuditModel.countDocuments({ business: owner.id, action: 'board.create' })).toBe(1);
  });

  it('gives two links for the same store two different tokens', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const a = await createBoard(app, owner, store);
    const b = await createBoard(app, owner, store);
    expect(a.token).not.toBe(b.token);
  });

  it("lets a manager create one for their store, and answers 404 for another store or another business's", async () => {
    const owner = await makeUser();
    const mine = await makeStore(owner.id);
    const notMine = await makeStore(owner.id);
    const manager = await makeMember(owner.id, 'manager', [mine._id]);
    expect((await createBoard(app, manager, mine)).res.status).toBe(201);
    expect((await createBoard(app, manager, notMine)).res.status).toBe(404);
    const stranger = await makeUser();
    expect((await createBoard(app, stranger, mine)).res.status).toBe(404);
    expect(await BoardModel.countDocuments({ store: notMine._id })).toBe(0);
  });

  it('refuses a viewer (403) and says which field is wrong for a bad store id (400)', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const viewer = await makeMember(owner.id, 'viewer', [store._id]);
    expect((await createBoard(app, viewer, store)).res.status).toBe(403);
    const bad = await request(app).post('/api/v1/boards').set(owner.auth).send({ store: 'nope' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('store');
  });
});

describe('GET /api/v1/boards', () => {
  it('lists the store, who created it and when a TV last opened it; a manager sees only their stores', async () => {
    const owner = await makeUser({ fullname: 'Olive Owner' });
    const a = await makeStore(owner.id, { name: 'Alpha' });
    const b = await makeStore(owner.id, { name: 'Beta' });
    const manager = await makeMember(owner.id, 'manager', [a._id]);
    const boardA = await createBoard(app, owner, a);
    await createBoard(app, owner, b);

    let list = await request(app).get('/api/v1/boards').set(owner.auth);
    expect(list.body.boards.map((x: { store: { name: string } }) => x.store.name).sort()).toEqual([
      'Alpha',
      'Beta',
    ]);
    const row = list.body.boards.find((x: { _id: string }) => x._id === boardA.id);
    expect(row).toMatchObject({ createdBy: { name: 'Olive Owner' }, lastSeenAt: null });
    expect(JSON.stringify(list.body)).not.toContain(boardA.token);

    expect((await publicBoard(app, boardA.token)).status).toBe(200);
    list = await request(app).get('/api/v1/boards').set(owner.auth);
    expect(list.body.boards.find((x: { _id: string }) => x._id === boardA.id).lastSeenAt).not.toBeNull();

    const managers = await request(app).get('/api/v1/boards').set(manager.auth);
    expect(managers.body.boards.map((x: { store: { name: string } }) => x.store.name)).toEqual(['Alpha']);
  });
});

describe('DELETE /api/v1/boards/:id', () => {
  it('switches the board off: its link answers 404 and it leaves the list', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const board = await createBoard(app, owner, store);
    expect((await publicBoard(app, board.token)).status).toBe(200);
    const off = await request(app).delete(`/api/v1/boards/${board.id}`).set(owner.auth);
    expect(off.status).toBe(200);
    expect((await publicBoard(app, board.token)).status).toBe(404);
    const list = await request(app).get('/api/v1/boards').set(owner.auth);
    expect(list.body.boards).toEqual([]);
    expect((await request(app).delete(`/api/v1/boards/${board.id}`).set(owner.auth)).status).toBe(404);
  });

  it("answers 404 to a manager switching off another store's board, and the board stays on", async () => {
    const owner = await makeUser();
    const mine = await makeStore(owner.id);
    const other = await makeStore(owner.id);
    const manager = await makeMember(owner.id, 'manager', [mine._id]);
    const board = await createBoard(app, owner, other);
    expect((await request(app).delete(`/api/v1/boards/${board.id}`).set(manager.auth)).status).toBe(404);
    expect((await publicBoard(app, board.token)).status).toBe(200);
  });
});

describe('GET /api/v1/boards/public/:token', () => {
  it('answers 404 for an unknown token, a malformed one, and a board whose store was deleted', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    expect((await publicBoard(app, 'A'.repeat(43))).status).toBe(404);
    expect((await publicBoard(app, 'short')).status).toBe(404);
    const board = await createBoard(app, owner, store);
    await store.updateOne({ $set: { deletedAt: new Date() } });
    expect((await publicBoard(app, board.token)).status).toBe(404);
  });
});
