// The case routes: settings, opening by hand, PATCH (who may do what, what resolving needs), notes, the customer's contact by role.
import request from 'supertest';
import { CASE_MESSAGES, DEFAULT_CASE_SETTINGS } from '@cx/contracts';
import { createApp } from '../../src/app';
import { CaseModel } from '../../src/modules/cases/case.model';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import { WebhookDeliveryModel } from '../../src/modules/integrations/webhook.model';
import { fanOutEvents } from '../../src/modules/integrations/webhooks.queue';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeRating } from '../factories';
import { setupTestDb } from '../helpers/db';
import { storedEndpoint } from '../integrations/webhook-support';
import { acceptRating, makeChain, HOUR, type Chain } from './support';

setupTestDb();
const app = createApp();

async function withCase(chain: Chain, o: { score?: number; email?: string } = {}) {
  const rating = await acceptRating(chain.store, {
    score: o.score ?? 1,
    comment: 'Order wrong',
    ...(o.email ? { contact: { email: o.email } } : {}),
  });
  const doc = await CaseModel.findOne({ rating: rating._id }).lean();
  return { rating, id: String(doc!._id) };
}
const patch = (who: { auth: Record<string, string> }, id: string, body: object) =>
  request(app).patch(`/api/v1/cases/${id}`).set(who.auth).send(body);

describe('GET/PUT /api/v1/cases/settings', () => {
  it('answers the defaults until an admin changes them; the change is audited; a manager may not', async () => {
    const chain = await makeChain(app);
    const got = await request(app).get('/api/v1/cases/settings').set(chain.viewer.auth).expect(200);
    expect(got.body).toEqual(DEFAULT_CASE_SETTINGS);
    const next = {
      ...DEFAULT_CASE_SETTINGS,
      slaHours: { urgent: 2, high: 8, normal: 24, low: 96 },
      retentionDays: 30,
    };
    await request(app).put('/api/v1/cases/settings').set(chain.manager.auth).send(next).expect(403);
    const put = await request(app).put('/api/v1/cases/settings').set(chain.admin.auth).send(next).expect(200);
    expect(put.body).toEqual(next);
    expect((await request(app).get('/api/v1/cases/settings').set(chain.owner.auth)).body).toEqual(next);
    expect(await AuditModel.countDocuments({ action: 'cases.settings', actor: chain.admin.id })).toBe(1);
    const bad = await request(app)
      .put('/api/v1/cases/settings')
      .set(chain.admin.auth)
      .send({ ...next, slaHours: { ...next.slaHours, high: 0 } })
      .expect(400);
    expect(bad.body.fieldErrors['slaHours.high']).toEqual(['At least 1 hour']);
  });
});

describe('POST /api/v1/cases', () => {
  it('opens a case by hand from a rating, then answers 409 with the existing case', async () => {
    const chain = await makeChain(app);
    const rating = await makeRating(chain.store, { score: 3, comment: 'Fine' });
    const first = await request(app)
      .post('/api/v1/cases')
      .set(chain.manager.auth)
      .send({ rating: String(rating._id), priority: 'low', note: 'Checking this one' })
      .expect(201);
    expect(first.body).toMatchObject({ reason: 'manual', priority: 'low', owner: { name: 'Mia Manager' } });
    expect(first.body.notes[0]).toMatchObject({ text: 'Checking this one', author: { name: 'Mia Manager' } });
    expect(first.body.history[0]).toMatchObject({ actor: 'Mia Manager', action: 'opened' });
    const again = await request(app)
      .post('/api/v1/cases')
      .set(chain.owner.auth)
      .send({ rating: String(rating._id) })
      .expect(409);
    expect(again.body._id).toBe(first.body._id);
    // a viewer may not open one; a manager of another store does not see the rating
    await request(app)
      .post('/api/v1/cases')
      .set(chain.viewer.auth)
      .send({ rating: String(rating._id) })
      .expect(403);
    const other = await makeRating(chain.store, { score: 2 });
    await request(app)
      .post('/api/v1/cases')
      .set(chain.outsider.auth)
      .send({ rating: String(other._id) })
      .expect(404);
  });
});

describe('PATCH /api/v1/cases/:id', () => {
  it('lets a viewer move a case between new, in progress and waiting, and nothing more', async () => {
    const chain = await makeChain(app);
    const { id } = await withCase(chain);
    const moved = await patch(chain.viewer, id, { status: 'in_progress' }).expect(200);
    expect(moved.body.status).toBe('in_progress');
    expect(moved.body.firstResponseAt).not.toBeNull();
    expect(moved.body.can).toEqual({ update: true, close: false, reply: false, rule: false });
    const resolve = await patch(chain.viewer, id, {
      status: 'resolved',
      rootCause: 'order_error',
      action: 'Refund',
    });
    expect(resolve.status).toBe(403);
    expect(resolve.body.message).toBe(CASE_MESSAGES.closeForbidden);
    expect((await patch(chain.viewer, id, { status: 'closed' })).body.message).toBe(
      CASE_MESSAGES.closeForbidden,
    );
    const reassign = await patch(chain.viewer, id, { owner: chain.district.id });
    expect(reassign.status).toBe(403);
    expect(reassign.body.message).toBe(CASE_MESSAGES.ownerForbidden);
    expect((await patch(chain.viewer, id, { priority: 'low' })).status).toBe(403);
    expect((await CaseModel.findById(id).lean())!.status).toBe('in_progress');
  });

  it('needs a root cause and the action taken to resolve (400 per field), then records the resolution', async () => {
    const chain = await makeChain(app);
    await storedEndpoint(chain.owner.id, 'https://hooks.example.com/cx', ['case.resolved']);
    const { id } = await withCase(chain, { email: 'jane@example.com' });
    const missing = await patch(chain.manager, id, { status: 'resolved' }).expect(400);
    expect(missing.body.fieldErrors).toEqual({
      rootCause: [CASE_MESSAGES.rootCauseRequired],
      action: [CASE_MESSAGES.actionRequired],
    });
    const half = await patch(chain.manager, id, { status: 'resolved', rootCause: 'order_error' }).expect(400);
    expect(half.body.fieldErrors).toEqual({ action: [CASE_MESSAGES.actionRequired] });
    const done = await patch(chain.manager, id, {
      status: 'resolved',
      rootCause: 'order_error',
      action: 'Refunded and apologised',
    }).expect(200);
    expect(done.body).toMatchObject({
      status: 'resolved',
      rootCause: 'order_error',
      action: 'Refunded and apologised',
    });
    expect(done.body.resolvedAt).not.toBeNull();
    const stored = await CaseModel.findById(id).lean();
    expect(stored!.withinSla).toBe(true);
    expect(stored!.nextEscalationAt).toBeNull();
    // the customer's details are kept for the retention after the case ends
    const contact = await ContactRequestModel.findById(stored!.contact).lean();
    const days = (contact!.eraseAt!.getTime() - stored!.resolvedAt!.getTime()) / (24 * HOUR);
    expect(days).toBe(DEFAULT_CASE_SETTINGS.retentionDays);
    // one audit entry per change, by the manager
    const audit = await AuditModel.find({ kind: 'case', actor: chain.manager.id }).lean();
    expect(audit.map((a) => a.action)).toEqual(['case.update']);
    expect(audit[0]!.summary).toContain('Status: New → Resolved');
    await fanOutEvents(100);
    const hooks = (await WebhookDeliveryModel.find().lean()).map((d) => JSON.parse(d.payload));
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({
      type: 'case.resolved',
      data: { case: { _id: id, rootCause: 'order_error' } },
    });
    expect(JSON.stringify(hooks[0])).not.toContain('jane@');
    // reopening keeps the details again
    await patch(chain.manager, id, { status: 'in_progress' }).expect(200);
    expect((await ContactRequestModel.findById(stored!.contact).lean())!.eraseAt).toBeNull();
    expect((await CaseModel.findById(id).lean())!.resolvedAt).toBeNull();
  });

  it('moves the due time with the priority, and reassigns only to a member covering the store', async () => {
    const chain = await makeChain(app);
    const { id } = await withCase(chain, { score: 2 });
    const before = await CaseModel.findById(id).lean();
    const low = await patch(chain.manager, id, { priority: 'low' }).expect(200);
    expect(new Date(low.body.dueAt).getTime() - before!.createdAt.getTime()).toBe(
      DEFAULT_CASE_SETTINGS.slaHours.low * HOUR,
    );
    const bad = await patch(chain.manager, id, { owner: chain.outsider.id }).expect(400);
    expect(bad.body.fieldErrors).toEqual({ owner: [CASE_MESSAGES.ownerNotMember] });
    const moved = await patch(chain.manager, id, { owner: chain.district.id }).expect(200);
    expect(moved.body.owner).toEqual({ _id: chain.district.id, name: 'Dee District' });
    expect(moved.body.history.map((h: { action: string }) => h.action)).toEqual([
      'opened',
      'assigned',
      'priority',
      'assigned',
    ]);
    await patch(chain.manager, id, {}).expect(400);
    await patch(chain.outsider, id, { status: 'in_progress' }).expect(404);
  });
});

describe('POST /api/v1/cases/:id/notes and GET /api/v1/cases/:id', () => {
  it('adds an internal note with its history line; the contact shows in full only to managers and above', async () => {
    const chain = await makeChain(app);
    const { id } = await withCase(chain, { email: 'jane@example.com' });
    const note = await request(app)
      .post(`/api/v1/cases/${id}/notes`)
      .set(chain.viewer.auth)
      .send({ text: 'Called the store' })
      .expect(201);
    expect(note.body).toMatchObject({
      text: 'Called the store',
      author: { _id: chain.viewer.id, name: 'Vic Viewer' },
    });
    const empty = await request(app)
      .post(`/api/v1/cases/${id}/notes`)
      .set(chain.viewer.auth)
      .send({ text: ' ' });
    expect(empty.body.fieldErrors.text).toEqual([CASE_MESSAGES.noteRequired]);
    const asViewer = await request(app).get(`/api/v1/cases/${id}`).set(chain.viewer.auth).expect(200);
    expect(asViewer.body.contact).toEqual({
      email: 'j•••@e•••.com',
      phone: null,
      masked: true,
      erased: false,
    });
    expect(asViewer.body.notes).toHaveLength(1);
    expect(asViewer.body.history.at(-1)).toMatchObject({ actor: 'Vic Viewer', action: 'note' });
    const asManager = await request(app).get(`/api/v1/cases/${id}`).set(chain.manager.auth).expect(200);
    expect(asManager.body.contact).toMatchObject({ email: 'jane@example.com', masked: false });
    await request(app).get(`/api/v1/cases/${id}`).set(chain.outsider.auth).expect(404);
    await request(app).get('/api/v1/cases/not-an-id').set(chain.owner.auth).expect(400);
  });
});
