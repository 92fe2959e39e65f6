// Customers' contact details: erased by the retention job after their case ends (or the retention, with no case), and
// found, exported and erased for one email or phone by an Owner/Admin (audited; never across businesses).
import request from 'supertest';
import { createApp } from '../../src/app';
import { CaseModel } from '../../src/modules/cases/case.model';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import { eraseExpiredContacts } from '../../src/modules/cases/retention.job';
import { makeMember, makeRating, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

const app = createApp();
setupTestDb();

const DAY = 24 * 3600 * 1000;
let caseNumber = 0;

async function contactWithCase(
  owner: MadeUser,
  store: Awaited<ReturnType<typeof makeStore>>,
  contact: { email?: string; phone?: string },
  createdAt = new Date(),
) {
  const rating = await makeRating(store, {
    score: 1,
    comment: 'Cold coffee',
    tags: ['Order wrong'],
    createdAt,
  });
  const request = await ContactRequestModel.create({
    business: owner.id,
    store: store._id,
    rating: rating._id,
    email: contact.email ?? null,
    phone: contact.phone ?? null,
    phoneDigits: contact.phone ? contact.phone.replace(/\D/g, '') : null,
    consentAt: createdAt,
    createdAt,
  });
  const kase = await CaseModel.create({
    business: owner.id,
    store: store._id,
    number: ++caseNumber,
    rating: rating._id,
    reason: 'contact_request',
    summary: 'Contact request',
    dueAt: new Date(createdAt.getTime() + DAY),
    contact: request._id,
    linkNonce: 'nonce-1',
    messages: [
      { from: 'member', author: 'Dana', channel: 'email', text: 'Sorry, what happened?', at: createdAt },
      {
        from: 'customer',
        author: 'Customer',
        channel: 'link',
        text: 'My latte was cold, call 07700 900123',
        at: createdAt,
      },
    ],
  });
  return { rating, request, kase };
}

describe('the contact retention job', () => {
  it("erases the details once the case's retention has passed and keeps the case without them", async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const now = new Date('2026-06-01T12:00:00Z');
    const { request: req, kase } = await contactWithCase(owner, store, { email: 'jane@example.com' }, now);
    await ContactRequestModel.updateOne(
      { _id: req._id },
      { $set: { eraseAt: new Date(now.getTime() + 90 * DAY) } },
    );

    expect(await eraseExpiredContacts(new Date(now.getTime() + 89 * DAY))).toBe(0);
    expect((await ContactRequestModel.findById(req._id).lean())?.email).toBe('jane@example.com');

    expect(await eraseExpiredContacts(new Date(now.getTime() + 90 * DAY))).toBe(1);
    const erased = await ContactRequestModel.findById(req._id).lean();
    expect(erased).toMatchObject({ email: null, phone: null, phoneDigits: null });
    expect(erased?.erasedAt).toBeInstanceOf(Date);
    const kept = await CaseModel.findById(kase._id).lean();
    expect(kept?.messages.map((m) => m.text)).toEqual(['Sorry, what happened?', '[erased]']);
    expect(kept?.linkNonce).not.toBe('nonce-1');
    // a second pass has nothing left to do
    expect(await eraseExpiredContacts(new Date(now.getTime() + 91 * DAY))).toBe(0);
  });

  it('erases a request that never got a case after the business retention from its creation', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const made = new Date('2026-01-01T00:00:00Z');
    const rating = await makeRating(store, { score: 2, createdAt: made });
    const orphan = await ContactRequestModel.create({
      business: owner.id,
      store: store._id,
      rating: rating._id,
      phone: '+34 600 000 000',
      phoneDigits: '34600000000',
      consentAt: made,
      createdAt: made,
    });
    // an open case keeps its customer's details however old the request is
    const open = await contactWithCase(owner, store, { email: 'open@example.com' }, made);

    expect(await eraseExpiredContacts(new Date(made.getTime() + 89 * DAY))).toBe(0);
    expect(await eraseExpiredContacts(new Date(made.getTime() + 90 * DAY))).toBe(1);
    expect((await ContactRequestModel.findById(orphan._id).lean())?.phone).toBeNull();
    expect((await ContactRequestModel.findById(open.request._id).lean())?.email).toBe('open@example.com');
  });
});

describe('POST /api/v1/privacy/subject/export and /erase', () => {
  it('exports everything held for an email, erases it, and audits both without the raw address', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id, { name: 'High Street' });
    const { kase } = await contactWithCase(owner, store, {
      email: 'jane@example.com',
      phone: '+44 7700 900123',
    });
    const other = await makeUser();
    const otherStore = await makeStore(other.id);
    await contactWithCase(other, otherStore, { email: 'jane@example.com' });

    const res = await request(app)
      .post('/api/v1/privacy/subject/export')
      .set(owner.auth)
      .send({ email: 'Jane@Example.com' })
      .expect(200);
    expect(res.body.records).toHaveLength(1);
    expect(res.body.records[0]).toMatchObject({
      caseId: String(kase._id),
      caseNumber: kase.number,
      store: 'High Street',
      contact: { email: 'jane@example.com', phone: '+44 7700 900123' },
      rating: { score: 1, comment: 'Cold coffee', tags: ['Order wrong'] },
    });
    expect(res.body.records[0].messages.map((m: { from: string }) => m.from)).toEqual(['member', 'customer']);

    // the same person found by phone, whatever the spacing
    const byPhone = await request(app)
      .post('/api/v1/privacy/subject/export')
      .set(owner.auth)
      .send({ phone: '447700900123' })
      .expect(200);
    expect(byPhone.body.records).toHaveLength(1);

    const erase = await request(app)
      .post('/api/v1/privacy/subject/erase')
      .set(owner.auth)
      .send({ email: 'jane@example.com' })
      .expect(200);
    expect(erase.body).toEqual({ erased: 1 });
    const after = await CaseModel.findById(kase._id).lean();
    expect(after?.messages[1]?.text).toBe('[erased]');
    expect(after?.linkNonce).not.toBe('nonce-1');
    const again = await request(app)
      .post('/api/v1/privacy/subject/export')
      .set(owner.auth)
      .send({ email: 'jane@example.com' })
      .expect(200);
    expect(again.body.records).toEqual([]);

    // the other business's customer with the same address is untouched
    expect(await ContactRequestModel.countDocuments({ email: 'jane@example.com' })).toBe(1);

    const audit = await request(app).get('/api/v1/audit?kind=privacy').set(owner.auth).expect(200);
    const text = JSON.stringify(audit.body.entries);
    expect(audit.body.entries.map((e: { action: string }) => e.action).sort()).toEqual([
      'privacy.erase',
      'privacy.export',
      'privacy.export',
      'privacy.export',
    ]);
    expect(text).toContain('j•••@e•••.com');
    expect(text).not.toContain('jane@example.com');
  });

  it('answers 403 to a viewer and a store manager, 400 per field without an email or phone', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    for (const role of ['viewer', 'manager'] as const) {
      const member = await makeMember(owner.id, role, [store._id]);
      await request(app)
        .post('/api/v1/privacy/subject/export')
        .set(member.auth)
        .send({ email: 'jane@example.com' })
        .expect(403);
      await request(app)
        .post('/api/v1/privacy/subject/erase')
        .set(member.auth)
        .send({ email: 'jane@example.com' })
        .expect(403);
    }
    const admin = await makeMember(owner.id, 'admin');
    const bad = await request(app)
      .post('/api/v1/privacy/subject/export')
      .set(admin.auth)
      .send({})
      .expect(400);
    expect(bad.body.fieldErrors.email).toEqual(['Give an email address or a phone number']);
    await request(app).post('/api/v1/privacy/subject/export').send({ email: 'a@b.co' }).expect(401);
  });
});
