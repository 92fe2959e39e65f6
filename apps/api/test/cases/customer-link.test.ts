// The customer's signed link: the conversation without member names or notes, their answer, and "did we put it right?".
import request from 'supertest';
import { createApp } from '../../src/app';
import { redactUrlTokens } from '../../src/lib/logger';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { askRecovery, askPendingRecoveries } from '../../src/modules/cases/case-customer.service';
import { CaseModel } from '../../src/modules/cases/case.model';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { BusinessModel } from '../../src/tenancy/business.model';
import { setupTestDb } from '../helpers/db';
import { settleMail, useMailbox } from '../helpers/mailbox';
import { makeLoopCase, tokenIn } from './loop-support';

setupTestDb();
const mailbox = useMailbox();
const app = createApp();
afterEach(() => {
  resetRateLimits();
  mailbox.clear();
});

const view = (token: string) => request(app).get(`/api/v1/case-replies/${token}`);
const answer = (token: string, text: string) =>
  request(app).post(`/api/v1/case-replies/${token}`).send({ text });
const recovery = (token: string, recovered: boolean) =>
  request(app).post(`/api/v1/case-replies/${token}/recovery`).send({ recovered });

/** A case the owner has replied to (with an internal note and the staff member's side), and the mailed token. */
async function repliedCase() {
  const loop = await makeLoopCase();
  await BusinessModel.updateOne({ _id: loop.shop.business.id }, { $set: { name: 'Harbour Coffee' } });
  await CaseModel.updateOne(
    { _id: loop.caseId },
    {
      $push: {
        notes: {
          author: loop.shop.business.id,
          authorName: 'Owner',
          text: 'Internal: refund £5',
          at: new Date(),
        },
        messages: {
          from: 'staff',
          author: 'Alice',
          channel: 'scorecard',
          text: 'I was alone on the till',
          at: new Date(),
        },
      },
    },
  );
  await request(app)
    .post(`/api/v1/cases/${loop.caseId}/replies`)
    .set(loop.shop.business.auth)
    .send({ text: 'We are sorry. What happened?' })
    .expect(201);
  const mail = await mailbox.waitFor('jo.customer@example.com');
  return { ...loop, token: tokenIn(mail.text) };
}

describe('GET /api/v1/case-replies/:token', () => {
  it('shows the business, the store and the conversation, never a member name, a note or the staff side', async () => {
    const { token } = await repliedCase();
    const res = await view(token).expect(200);
    expect(res.body).toMatchObject({
      businessName: 'Harbour Coffee',
      storeName: 'Harbour Street',
      messages: [{ from: 'business', text: 'We are sorry. What happened?' }],
      canAnswer: true,
      askRecovery: false,
      recovered: null,
    });
    const shown = JSON.stringify(res.body);
    for (const hidden of ['Test Owner', 'Internal', 'alone on the till', 'jo.customer'])
      expect(shown).not.toContain(hidden);
  });

  it('never puts the link in a request log line', () => {
    const token = `${'a'.repeat(24)}.${'b'.repeat(43)}`;
    expect(redactUrlTokens(`/api/v1/case-replies/${token}/recovery`)).toBe(
      '/api/v1/case-replies/[redacted]/recovery',
    );
    expect(redactUrlTokens(`/api/v1/scorecards/public/${'c'.repeat(43)}/cases`)).toBe(
      '/api/v1/scorecards/public/[redacted]/cases',
    );
  });

  it('is 404 for a forged or truncated token, a rotated nonce and erased contact details', async () => {
    const { token, caseId, contactId } = await repliedCase();
    const [id, sig] = token.split('.');
    await view(`${id}.${sig!.slice(0, -2)}xx`).expect(404);
    await view(`${id}.${sig!.slice(0, 30)}`).expect(404);
    await view(`${'0'.repeat(24)}.${sig}`).expect(404);
    await view('not-a-token-at-all-really').expect(404);

    await ContactRequestModel.updateOne({ _id: contactId }, { $set: { email: null, erasedAt: new Date() } });
    await view(token).expect(404);
    await ContactRequestModel.updateOne(
      { _id: contactId },
      { $set: { email: 'jo@example.com', erasedAt: null } },
    );
    await view(token).expect(200);
    await CaseModel.updateOne({ _id: caseId }, { $set: { linkNonce: 'rotated-on-erase' } });
    await view(token).expect(404);
  });
});

describe('POST /api/v1/case-replies/:token', () => {
  it("adds the customer's answer, moves the case to in progress and records it in the history", async () => {
    const { token, caseId } = await repliedCase();
    const res = await answer(token, 'The burger had no cheese').expect(201);
    expect(res.body.messages.map((m: { from: string }) => m.from)).toEqual(['business', 'customer']);
    const stored = await CaseModel.findById(caseId).lean();
    expect(stored!.status).toBe('in_progress');
    expect(stored!.messages.at(-1)).toMatchObject({ from: 'customer', author: 'Customer', channel: 'link' });
    expect(stored!.history.map((h) => h.summary)).toContain('Customer answered');
    const audit = await AuditModel.findOne({ action: 'case.answer' }).lean();
    expect(audit).toMatchObject({ actorName: 'Customer', actorRole: 'customer' });
    expect(audit!.summary).toMatch(/^Case #\d+: the customer answered/);
    await answer(token, '   ').expect(400);
  });

  it('is closed to answers once the case is closed, and rate-limited per conversation', async () => {
    const { token, caseId } = await repliedCase();
    for (let i = 0; i < 10; i += 1) await answer(token, `message ${i}`).expect(201);
    const flood = await answer(token, 'one too many').expect(429);
    expect(flood.body.message).toMatch(/Too many messages/);
    resetRateLimits();
    await CaseModel.updateOne({ _id: caseId }, { $set: { status: 'closed', closedAt: new Date() } });
    expect((await view(token).expect(200)).body.canAnswer).toBe(false);
    await answer(token, 'hello?').expect(409);
  });
});

describe('did we put it right?', () => {
  it('is asked by one mail after resolution however often it is triggered, and answered once', async () => {
    const { token, caseId } = await repliedCase();
    await recovery(token, true).expect(409);
    mailbox.clear();
    await CaseModel.updateOne({ _id: caseId }, { $set: { status: 'resolved', resolvedAt: new Date() } });

    const calls = await Promise.all([askRecovery(caseId), askRecovery(caseId), askPendingRecoveries()]);
    expect(calls.filter((c) => c === true || c === 1)).toHaveLength(1);
    await settleMail();
    const asks = mailbox.mails.filter((m) => m.subject.startsWith('Did we put it right?'));
    expect(asks).toHaveLength(1);
    expect(tokenIn(asks[0]!.text)).toBe(token);
    expect(await askPendingRecoveries()).toBe(0);

    expect((await view(token).expect(200)).body.askRecovery).toBe(true);
    const res = await recovery(token, true).expect(201);
    expect(res.body).toMatchObject({ askRecovery: false, recovered: true });
    const again = await recovery(token, false).expect(409);
    expect(again.body.message).toBe('You have already answered. Thank you!');
    const stored = await CaseModel.findById(caseId).lean();
    expect(stored!.recovered).toBe(true);
    expect(stored!.history.map((h) => h.summary)).toContain('Customer says we put it right');
    const steps = await AuditModel.find({ action: { $in: ['case.recovery_asked', 'case.recovery'] } })
      .sort({ at: 1 })
      .lean();
    expect(steps.map((a) => [a.action, a.actorName])).toEqual([
      ['case.recovery_asked', 'System'],
      ['case.recovery', 'Customer'],
    ]);
  });

  it('the periodic job asks resolved cases the core never asked about', async () => {
    const { caseId } = await makeLoopCase({ contact: { email: 'late@example.com' } });
    const untouched = await makeLoopCase({ contact: null });
    await CaseModel.updateMany(
      { _id: { $in: [caseId, untouched.caseId] } },
      { $set: { status: 'resolved', resolvedAt: new Date() } },
    );
    expect(await askPendingRecoveries()).toBe(1);
    const mail = await mailbox.waitFor('late@example.com');
    expect(tokenIn(mail.text).startsWith(caseId)).toBe(true);
  });

  it('is asked as soon as a manager resolves the case through the dashboard', async () => {
    const { caseId, shop } = await makeLoopCase({ contact: { email: 'quick@example.com' } });
    await request(app)
      .patch(`/api/v1/cases/${caseId}`)
      .set(shop.business.auth)
      .send({ status: 'resolved', rootCause: 'order_error', action: 'Remade the order and refunded it' })
      .expect(200);
    const mail = await mailbox.waitFor('quick@example.com');
    expect(mail.subject).toMatch(/^Did we put it right\?/);
    expect(tokenIn(mail.text).startsWith(caseId)).toBe(true);
    expect((await CaseModel.findById(caseId).lean())!.recoveryAskedAt).toBeInstanceOf(Date);
  });
});
