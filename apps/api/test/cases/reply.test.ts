// Replying to the customer from a case: a real mail from the business's name with a signed link; SMS only with a provider.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { setSmsProvider } from '../../src/lib/sms';
import { CaseModel } from '../../src/modules/cases/case.model';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { BusinessModel } from '../../src/tenancy/business.model';
import { makeMember } from '../factories';
import { setupTestDb } from '../helpers/db';
import { useMailbox } from '../helpers/mailbox';
import { makeShop } from '../feedback/support';
import { makeLoopCase, tokenIn } from './loop-support';

setupTestDb();
const mailbox = useMailbox();
const app = createApp();
afterEach(() => {
  resetRateLimits();
  setSmsProvider(null);
  mailbox.clear();
});

const reply = (caseId: string, auth: Record<string, string>, body: object) =>
  request(app).post(`/api/v1/cases/${caseId}/replies`).set(auth).send(body);

describe('POST /api/v1/cases/:id/replies', () => {
  it("mails the customer from the business's name with the text escaped and a link to answer, and the case waits", async () => {
    const loop = await makeLoopCase();
    await BusinessModel.updateOne({ _id: loop.shop.business.id }, { $set: { name: 'Harbour Coffee & Co' } });
    const text = 'Sorry about your order <b>really</b>. We would like to make it up to you.';

    const res = await reply(loop.caseId, loop.shop.business.auth, { text }).expect(201);
    expect(res.body).toMatchObject({ from: 'member', channel: 'email', text, delivered: true });
    expect(res.body.author).toMatch(/^Test Owner/);

    const mail = await mailbox.waitFor('jo.customer@example.com');
    expect(mail.raw).toMatch(/^From: "?Harbour Coffee & Co"? <no-reply@cx\.local>/m);
    expect(mail.subject).toBe('Harbour Coffee & Co replied about your visit to Harbour Street');
    expect(mail.text).toContain('Sorry about your order &#60;b&#62;really&#60;/b&#62;');
    expect(mail.text).toContain('Harbour Coffee &#38; Co');
    const token = tokenIn(mail.text);
    expect(token.startsWith(`${loop.caseId}.`)).toBe(true);

    const stored = await CaseModel.findById(loop.caseId).lean();
    expect(stored!.status).toBe('waiting');
    expect(stored!.firstResponseAt).toBeInstanceOf(Date);
    expect(stored!.messages).toHaveLength(1);
    expect(stored!.history.map((h) => h.summary)).toContain('Replied to the customer by email');
    const audit = await AuditModel.find({ business: loop.shop.business.id, action: 'case.reply' }).lean();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('jo.customer');

    // A second reply keeps the first response time and the same link.
    const first = stored!.firstResponseAt!.getTime();
    await reply(loop.caseId, loop.shop.business.auth, { text: 'Any news?' }).expect(201);
    const again = await mailbox.waitFor('jo.customer@example.com', (m) => m.text.includes('Any news?'));
    expect(tokenIn(again.text)).toBe(token);
    expect((await CaseModel.findById(loop.caseId).lean())!.firstResponseAt!.getTime()).toBe(first);
  });

  it('answers 400 when the customer did not ask to be contacted, or their details were erased', async () => {
    const none = await makeLoopCase({ contact: null });
    const res = await reply(none.caseId, none.shop.business.auth, { text: 'Hello' }).expect(400);
    expect(res.body.message).toBe('This customer did not ask to be contacted');

    const erased = await makeLoopCase();
    await ContactRequestModel.updateOne(
      { _id: erased.contactId },
      { $set: { email: null, erasedAt: new Date() } },
    );
    await reply(erased.caseId, erased.shop.business.auth, { text: 'Hello' }).expect(400);
    expect(mailbox.mails).toHaveLength(0);
  });

  it('refuses SMS without a provider and sends it through the provider the business set up', async () => {
    const loop = await makeLoopCase({ contact: { phone: '+44 7700 900123' } });
    const noSms = await reply(loop.caseId, loop.shop.business.auth, { text: 'Hi', channel: 'sms' }).expect(
      400,
    );
    expect(noSms.body.message).toBe('SMS is not set up for this business');
    // No email on the request: an email reply has nobody to go to.
    await reply(loop.caseId, loop.shop.business.auth, { text: 'Hi' }).expect(400);

    const sent: Array<{ to: string; text: string }> = [];
    setSmsProvider((business) =>
      business === loop.shop.business.id ? { send: async (to, text) => void sent.push({ to, text }) } : null,
    );
    const ok = await reply(loop.caseId, loop.shop.business.auth, { text: 'Hi there', channel: 'sms' }).expect(
      201,
    );
    expect(ok.body).toMatchObject({ channel: 'sms', delivered: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('+44 7700 900123');
    expect(sent[0]!.text).toMatch(/Hi there\nAnswer: http.*\/reply\//);
  });

  it('is refused to a viewer and unknown to another business or a manager of another store', async () => {
    const loop = await makeLoopCase();
    const viewer = await makeMember(loop.shop.business.id, 'viewer', [loop.shop.store._id]);
    await reply(loop.caseId, viewer.auth, { text: 'Hi' }).expect(403);
    const other = await makeShop();
    await reply(loop.caseId, other.business.auth, { text: 'Hi' }).expect(404);
    const elsewhere = await makeMember(loop.shop.business.id, 'manager', [other.store._id]);
    await reply(loop.caseId, elsewhere.auth, { text: 'Hi' }).expect(404);
    const manager = await makeMember(loop.shop.business.id, 'manager', [loop.shop.store._id]);
    await reply(loop.caseId, manager.auth, { text: '' }).expect(400);
    await reply(loop.caseId, manager.auth, { text: 'From the manager' }).expect(201);
    expect(mailbox.mails.length).toBeLessThanOrEqual(1);
  });
});
