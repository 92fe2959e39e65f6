// Cases opened automatically: a 1–2★ rating with a comment, a contact request, a rule marked "open a case"; once per rating.
import request from 'supertest';
import { createApp } from '../../src/app';
import { drainBackground } from '../../src/lib/background';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { CaseModel } from '../../src/modules/cases/case.model';
import { CaseSettingsModel } from '../../src/modules/cases/case-settings';
import { evaluateRating } from '../../src/modules/notifications/evaluate';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { RuleModel } from '../../src/modules/notifications/rule.model';
import { ensureDefaultRules } from '../../src/modules/notifications/rules.service';
import { WebhookDeliveryModel } from '../../src/modules/integrations/webhook.model';
import { fanOutEvents } from '../../src/modules/integrations/webhooks.queue';
import { AuditModel } from '../../src/tenancy/audit.model';
import { DEFAULT_CASE_SETTINGS } from '@cx/contracts';
import { makeRating } from '../factories';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { storedEndpoint } from '../integrations/webhook-support';
import { acceptRating, makeChain, runCasesReaction, storeFor, HOUR, type Chain } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

const casesOf = (chain: Chain) => CaseModel.find({ business: chain.owner.id }).sort({ number: 1 }).lean();

describe('the cases reaction (after POST /api/v1/feedback/staff-ratings)', () => {
  it('opens a case for a 1★ rating with a comment in the submit reaction: assigned to the store manager, due by the SLA', async () => {
    const chain = await makeChain(app);
    const res = await request(app)
      .post('/api/v1/feedback/staff-ratings')
      .set('x-forwarded-for', '203.0.113.9')
      .send({
        store: String(chain.store._id),
        staff: String(chain.staff._id),
        score: 1,
        comment: 'My order was wrong',
        idempotencyKey: `k-${Date.now()}`,
        deviceId: newDeviceId(),
      });
    expect(res.status).toBe(201);
    // the case is opened by the submit's after-answer work itself (no job, no poll): it exists once that has run
    expect(await drainBackground(30_000)).toBe(0);
    const [opened] = await casesOf(chain);
    expect(opened).toBeDefined();
    expect(opened).toMatchObject({
      number: 1,
      reason: 'low_with_comment',
      summary: '1★ with a comment',
      priority: 'high',
      status: 'new',
      ownerName: 'Mia Manager',
    });
    expect(String(opened!.owner)).toBe(chain.manager.id);
    expect(String(opened!.staff)).toBe(String(chain.staff._id));
    expect(opened!.dueAt.getTime() - opened!.createdAt.getTime()).toBe(
      DEFAULT_CASE_SETTINGS.slaHours.high * HOUR,
    );
    expect(opened!.history[0]).toMatchObject({ actor: 'System', action: 'opened' });
    const audit = await AuditModel.findOne({ business: chain.owner.id, action: 'case.opened' }).lean();
    expect(audit).toMatchObject({ actorName: 'System', actorRole: 'system', kind: 'case' });
    expect(audit!.summary).toContain('assigned to Mia Manager');
    // the audit page lists it (System as the actor)
    const page = await request(app).get('/api/v1/audit').set(chain.owner.auth).expect(200);
    expect(page.body.entries[0].actor).toMatchObject({ fullname: 'System', role: 'system' });
    // filtering the log by the owner does not pick the system's steps up
    const mine = await request(app)
      .get(`/api/v1/audit?actor=${chain.owner.id}`)
      .set(chain.owner.auth)
      .expect(200);
    expect(
      mine.body.entries.filter((e: { actor: { fullname: string } }) => e.actor.fullname === 'System'),
    ).toEqual([]);
  });

  it('opens nothing twice when the reaction is retried, and publishes case.opened once', async () => {
    const chain = await makeChain(app);
    await storedEndpoint(chain.owner.id, 'https://hooks.example.com/cx', ['case.opened']);
    const rating = await acceptRating(chain.store, { score: 2, comment: 'Slow' });
    await runCasesReaction({ rating, store: storeFor(chain.store), flagged: false });
    const cases = await casesOf(chain);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ priority: 'normal', summary: '2★ with a comment' });
    await fanOutEvents(100);
    const deliveries = await WebhookDeliveryModel.find().lean();
    expect(deliveries).toHaveLength(1);
    const payload = JSON.parse(deliveries[0]!.payload);
    expect(payload).toMatchObject({
      type: 'case.opened',
      data: { case: { number: 1, reason: 'low_with_comment' } },
    });
    expect(await AuditModel.countDocuments({ action: 'case.opened' })).toBe(1);
  });

  it('opens nothing for a flagged rating, a rating without a comment, or a 3★ rating', async () => {
    const chain = await makeChain(app);
    await acceptRating(chain.store, { score: 1, comment: 'Awful', flagged: true });
    await acceptRating(chain.store, { score: 1 });
    await acceptRating(chain.store, { score: 3, comment: 'Meh' });
    await acceptRating(chain.store, { score: 2, comment: '   ' });
    expect(await casesOf(chain)).toHaveLength(0);
  });

  it('opens a high-priority case for a contact request, linked to it, even without a comment', async () => {
    const chain = await makeChain(app);
    await acceptRating(chain.store, { score: 3, contact: { email: 'jane@example.com' } });
    const [opened] = await casesOf(chain);
    expect(opened).toMatchObject({ reason: 'contact_request', summary: 'Contact request', priority: 'high' });
    expect(opened!.contact).not.toBeNull();
    // a flagged rating's contact request opens nothing
    await acceptRating(chain.store, { score: 1, contact: { phone: '+44 7700 900123' }, flagged: true });
    expect(await casesOf(chain)).toHaveLength(1);
  });

  it('follows the settings: automatic opening off opens nothing; numbers run per business', async () => {
    const chain = await makeChain(app);
    await CaseSettingsModel.create({
      business: chain.owner.id,
      ...DEFAULT_CASE_SETTINGS,
      autoOpen: { lowWithComment: false, contactRequest: true },
    });
    await acceptRating(chain.store, { score: 1, comment: 'Bad' });
    expect(await casesOf(chain)).toHaveLength(0);
    await acceptRating(chain.store, { score: 2, contact: { email: 'a@example.com' } });
    await acceptRating(chain.other, { score: 1, contact: { email: 'b@example.com' } });
    expect((await casesOf(chain)).map((c) => c.number)).toEqual([1, 2]);
    // Soho has no manager of its own and no area: its case goes to... its own manager (the outsider manages Soho)
    expect((await casesOf(chain))[1]!.ownerName).toBe('Otto Outside');
  });

  it('assigns to the nearest area manager up the tree when the store has none, else to the owner', async () => {
    const chain = await makeChain(app);
    const { MembershipModel } = await import('../../src/tenancy/membership.model');
    await MembershipModel.deleteOne({ user: chain.manager.id });
    await acceptRating(chain.store, { score: 1, comment: 'Rude' });
    await MembershipModel.deleteMany({ user: { $in: [chain.district.id, chain.region.id] } });
    await acceptRating(chain.store, { score: 1, comment: 'Rude again' });
    expect((await casesOf(chain)).map((c) => c.ownerName)).toEqual(['Dee District', 'Olive Owner']);
  });

  it('round robin gives each member covering the store a turn', async () => {
    const chain = await makeChain(app);
    await CaseSettingsModel.create({
      business: chain.owner.id,
      ...DEFAULT_CASE_SETTINGS,
      assignment: 'round_robin',
    });
    for (let i = 0; i < 5; i++) await acceptRating(chain.store, { score: 1, comment: `Bad ${i}` });
    const owners = (await casesOf(chain)).map((c) => c.ownerName);
    // the store's team: its manager and viewer, the district and region managers (in membership order)
    expect(owners).toEqual(['Mia Manager', 'Vic Viewer', 'Dee District', 'Reg Region', 'Mia Manager']);
  });

  it('opens a case when a rule marked "open a case" fires, named after the rule', async () => {
    const chain = await makeChain(app);
    await ensureDefaultRules(chain.owner.id);
    await RuleModel.updateMany({ business: chain.owner.id }, { $set: { enabled: false } });
    await RuleModel.create({
      business: chain.owner.id,
      type: 'low-rating',
      stores: [],
      email: false,
      enabled: true,
      openCase: true,
      params: { maxScore: 2, kinds: ['staff', 'experience'] },
    });
    const rating = await makeRating(chain.store, { score: 2, comment: '' });
    await evaluateRating({ rating: rating as never, store: storeFor(chain.store), flagged: false });
    await evaluateRating({ rating: rating as never, store: storeFor(chain.store), flagged: false });
    const cases = await casesOf(chain);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ reason: 'rule', summary: 'Low rating alert', priority: 'normal' });
    // the same rule without the flag opens nothing
    await RuleModel.updateMany({ business: chain.owner.id }, { $set: { openCase: false } });
    const quiet = await makeRating(chain.store, { score: 1, comment: '' });
    await evaluateRating({ rating: quiet as never, store: storeFor(chain.store), flagged: false });
    expect(await casesOf(chain)).toHaveLength(1);
  });

  it('opens a case, and alerts, when a keyword rule finds its word in a comment or a tapped chip, at any score', async () => {
    const chain = await makeChain(app);
    await ensureDefaultRules(chain.owner.id);
    await RuleModel.updateMany({ business: chain.owner.id }, { $set: { enabled: false } });
    await request(app)
      .post('/api/v1/notifications/rules')
      .set(chain.owner.auth)
      .send({ type: 'keyword', keywords: ['refund', 'Order wrong'], kinds: ['experience'], openCase: true })
      .expect(201);
    const accept = async (fields: Record<string, unknown>) => {
      const rating = await makeRating(chain.store, { kind: 'experience', ...fields });
      await evaluateRating({ rating: rating as never, store: storeFor(chain.store), flagged: false });
    };
    await accept({ score: 4, comment: 'Lovely staff, but I want a REFUND for the cold chips!' });
    await accept({ score: 3, comment: '', tags: ['Order wrong'] });
    // a word inside another word, and no mention at all, open nothing
    await accept({ score: 2, comment: 'They were refunding someone else' });
    await accept({ score: 1, comment: 'Slow', tags: ['Slow service'] });
    const cases = await casesOf(chain);
    expect(cases).toHaveLength(2);
    expect(cases.every((c) => c.reason === 'rule' && c.summary === 'Keyword or theme mentioned')).toBe(true);
    const alerts = await NotificationModel.find({ business: chain.owner.id, type: 'keyword' }).lean();
    expect(alerts.map((a) => a.text).sort()).toEqual([
      'The experience at Headingley was rated 3 stars and mentions “Order wrong”.',
      'The experience at Headingley was rated 4 stars and mentions “refund”: “Lovely staff, but I want a REFUND for the cold chips!”',
    ]);
  });

  it('saves and reads back the rule flag through the alert rule editor', async () => {
    const chain = await makeChain(app);
    const res = await request(app)
      .post('/api/v1/notifications/rules')
      .set(chain.owner.auth)
      .send({ type: 'low-rating', maxScore: 1, kinds: ['staff'], openCase: true });
    expect(res.status).toBe(201);
    expect(res.body.rule.openCase).toBe(true);
    const list = await request(app).get('/api/v1/notifications/rules').set(chain.owner.auth).expect(200);
    expect(list.body.data.find((r: { _id: string }) => r._id === res.body.rule._id).openCase).toBe(true);
  });
});
