// GET /audit and its CSV: newest first, cursor pages, filters (person, store, kind, UTC days), owners/admins only, read-only.
import request from 'supertest';
import { recordAudit } from '../../src/tenancy/audit';
import type { Access } from '../../src/tenancy/access';
import { makeMember, makeStore, makeUser } from '../factories';
import { setupTeamApp } from '../team/support';

const { app } = setupTeamApp();

async function business() {
  const owner = await makeUser({ fullname: 'Olivia Owner' });
  const soho = await makeStore(owner.id, { name: 'Soho' });
  const admin = await makeMember(owner.id, 'admin', null, { fullname: 'Adam Admin' });
  const manager = await makeMember(owner.id, 'manager', [soho._id], { fullname: 'Sally Soho' });
  const as = (userId: string, role: Access['role']): Access => ({
    userId,
    businessId: owner.id,
    role,
    storeIds: null,
  });
  // Five entries over three UTC days, oldest first.
  await recordAudit(
    as(owner.id, 'owner'),
    { kind: 'store', action: 'store.create', summary: 'Created Soho', store: soho },
    new Date('2026-03-01T10:00:00Z'),
  );
  await recordAudit(
    as(manager.id, 'manager'),
    {
      kind: 'staff',
      action: 'staff.create',
      summary: 'Added Jo to Soho',
      store: soho,
      after: { name: 'Jo' },
    },
    new Date('2026-03-02T00:00:00Z'),
  );
  await recordAudit(
    as(admin.id, 'admin'),
    {
      kind: 'member',
      action: 'member.update',
      summary: 'Changed Sally',
      before: { role: 'viewer' },
      after: { role: 'manager' },
    },
    new Date('2026-03-02T23:59:59Z'),
  );
  await recordAudit(
    as(manager.id, 'manager'),
    { kind: 'shift', action: 'shift.create', summary: '=HYPERLINK("http://evil")', store: soho },
    new Date('2026-03-03T08:00:00Z'),
  );
  await recordAudit(
    as(owner.id, 'owner'),
    { kind: 'subscription', action: 'subscription.portal', summary: 'Opened the billing portal' },
    new Date('2026-03-03T09:00:00Z'),
  );
  // Another business's entry never shows.
  const other = await makeUser();
  await recordAudit(
    { userId: other.id, businessId: other.id, role: 'owner', storeIds: null },
    { kind: 'store', action: 'store.create', summary: 'Elsewhere' },
  );
  return { owner, soho, admin, manager };
}

const summaries = (res: request.Response) => res.body.entries.map((e: { summary: string }) => e.summary);

describe('GET /api/v1/audit', () => {
  it('pages newest first by cursor and maps entries with actor, role and store', async () => {
    const { owner, soho, manager } = await business();
    const first = await request(app).get('/api/v1/audit').query({ limit: 2 }).set(owner.auth).expect(200);
    expect(summaries(first)).toEqual(['Opened the billing portal', '=HYPERLINK("http://evil")']);
    expect(first.body.entries[1]).toMatchObject({
      at: '2026-03-03T08:00:00.000Z',
      actor: { _id: manager.id, fullname: 'Sally Soho', role: 'manager' },
      kind: 'shift',
      action: 'shift.create',
      store: { _id: String(soho._id), name: 'Soho' },
      before: null,
      after: null,
    });
    const second = await request(app)
      .get('/api/v1/audit')
      .query({ limit: 2, cursor: first.body.nextCursor })
      .set(owner.auth)
      .expect(200);
    expect(summaries(second)).toEqual(['Changed Sally', 'Added Jo to Soho']);
    expect(second.body.entries[0]).toMatchObject({
      before: { role: 'viewer' },
      after: { role: 'manager' },
      store: null,
    });
    const third = await request(app)
      .get('/api/v1/audit')
      .query({ limit: 2, cursor: second.body.nextCursor })
      .set(owner.auth)
      .expect(200);
    expect(summaries(third)).toEqual(['Created Soho']);
    expect(third.body.nextCursor).toBeNull();
  });

  it('filters by person, store, kind and inclusive UTC days', async () => {
    const { owner, soho, manager, admin } = await business();
    const q = async (query: Record<string, string>) =>
      summaries(await request(app).get('/api/v1/audit').query(query).set(admin.auth).expect(200));
    expect(await q({ actor: manager.id })).toEqual(['=HYPERLINK("http://evil")', 'Added Jo to Soho']);
    expect(await q({ store: String(soho._id) })).toEqual([
      '=HYPERLINK("http://evil")',
      'Added Jo to Soho',
      'Created Soho',
    ]);
    expect(await q({ kind: 'member' })).toEqual(['Changed Sally']);
    expect(await q({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['Changed Sally', 'Added Jo to Soho']);
    expect(await q({ from: '2026-03-03' })).toEqual([
      'Opened the billing portal',
      '=HYPERLINK("http://evil")',
    ]);
    expect(await q({ to: '2026-03-01', actor: owner.id })).toEqual(['Created Soho']);
    const bad = await request(app)
      .get('/api/v1/audit')
      .query({ kind: 'nope', from: '03/02/2026' })
      .set(owner.auth)
      .expect(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['from', 'kind']);
  });

  it('is for owners and admins only, and has no route that edits or deletes entries', async () => {
    const { owner, manager, soho } = await business();
    const viewer = await makeMember(owner.id, 'viewer', [soho._id]);
    expect((await request(app).get('/api/v1/audit').set(manager.auth)).status).toBe(403);
    expect((await request(app).get('/api/v1/audit/export.csv').set(viewer.auth)).status).toBe(403);
    const [entry] = (await request(app).get('/api/v1/audit').set(owner.auth)).body.entries;
    for (const method of ['put', 'patch', 'delete'] as const) {
      for (const path of ['/api/v1/audit', `/api/v1/audit/${entry._id}`]) {
        const res = await request(app)[method](path).set(owner.auth).send({ summary: 'rewritten' });
        expect([404, 405]).toContain(res.status);
      }
    }
    const after = await request(app).get('/api/v1/audit').set(owner.auth).expect(200);
    expect(after.body.entries).toHaveLength(5);
    expect(after.body.entries[0].summary).toBe(entry.summary);
  });
});

describe('GET /api/v1/audit/export.csv', () => {
  it('streams the filtered log as CSV, newest first, with formulas defused', async () => {
    const { owner } = await business();
    const res = await request(app)
      .get('/api/v1/audit/export.csv')
      .query({ from: '2026-03-02' })
      .set(owner.auth)
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cx-audit-2026-03-02_now.csv"');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Person,Role,Kind,Action,Store,Summary,Before,After');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(
      '2026-03-03T09:00:00.000Z,Olivia Owner,owner,subscription,subscription.portal,,Opened the billing portal,,',
    );
    expect(lines[2]).toBe(
      `2026-03-03T08:00:00.000Z,Sally Soho,manager,shift,shift.create,Soho,"'=HYPERLINK(""http://evil"")",,`,
    );
    expect(lines[3]).toContain('"{""role"":""viewer""}","{""role"":""manager""}"');
    expect(lines[4]).toContain('Added Jo to Soho');
  });
});
