// The escalation job with a fake clock: an overdue case climbs the store's area tree one level per overdue period, each level once.
import { DEFAULT_CASE_SETTINGS } from '@cx/contracts';
import request from 'supertest';
import { createApp } from '../../src/app';
import { escalateDueCases } from '../../src/modules/cases/case-escalation';
import { CaseModel } from '../../src/modules/cases/case.model';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { AlertChannelModel, AlertDeliveryModel } from '../../src/modules/alerts/alerts.model';
import { RuleModel } from '../../src/modules/notifications/rule.model';
import { setupTestDb } from '../helpers/db';
import { acceptRating, makeChain, HOUR, type Chain } from './support';

setupTestDb();
const app = createApp();
const SLA = DEFAULT_CASE_SETTINGS.slaHours.high * HOUR;

async function overdueCase(chain: Chain, store = chain.store) {
  const t0 = new Date(Date.now() - 60_000);
  const rating = await acceptRating(store, { score: 1, comment: 'Cold food', createdAt: t0 });
  const doc = await CaseModel.findOne({ rating: rating._id }).lean();
  return { id: String(doc!._id), due: doc!.dueAt.getTime() };
}
const bellOf = (user: string) => NotificationModel.find({ user, type: 'case-escalated' }).lean();

describe('escalateDueCases (fake clock)', () => {
  it('escalates to the district, then the region, then the owner and admins — each level exactly once', async () => {
    const chain = await makeChain(app);
    const { id, due } = await overdueCase(chain);
    const at = (periods: number, plusMs = 1) => new Date(due + periods * SLA + plusMs);

    expect(await escalateDueCases(new Date(due - 1))).toBe(0);
    expect(await escalateDueCases(at(0))).toBe(1);
    expect(await escalateDueCases(at(0, 30_000))).toBe(0);
    let doc = await CaseModel.findById(id).lean();
    expect(doc!.escalationLevel).toBe(1);
    expect(String(doc!.escalatedTo)).toBe(chain.areas.leeds);
    expect(await bellOf(chain.district.id)).toHaveLength(1);
    expect(await bellOf(chain.region.id)).toHaveLength(0);

    expect(await escalateDueCases(at(1))).toBe(1);
    expect(await escalateDueCases(at(1, 1_000))).toBe(0);
    expect(await bellOf(chain.region.id)).toHaveLength(1);

    expect(await escalateDueCases(at(2))).toBe(1);
    expect(await bellOf(chain.owner.id)).toHaveLength(1);
    expect(await bellOf(chain.admin.id)).toHaveLength(1);
    // the last level reached: nothing more, however late
    expect(await escalateDueCases(at(10))).toBe(0);
    doc = await CaseModel.findById(id).lean();
    expect(doc!.escalationLevel).toBe(3);
    expect(doc!.nextEscalationAt).toBeNull();
    expect(doc!.history.filter((h) => h.action === 'escalated').map((h) => h.summary)).toEqual([
      'Escalated to Leeds',
      'Escalated to North',
      'Escalated to the owner and admins',
    ]);
    const audit = await AuditModel.find({ action: 'case.escalated' }).sort({ _id: 1 }).lean();
    expect(audit.map((a) => [a.actorName, a.summary])).toEqual([
      ['System', 'Case #1: escalated to Leeds'],
      ['System', 'Case #1: escalated to North'],
      ['System', 'Case #1: escalated to the owner and admins'],
    ]);
    // every notice once, none to the store's own manager or viewer
    expect(await bellOf(chain.district.id)).toHaveLength(1);
    expect(await bellOf(chain.manager.id)).toHaveLength(0);
    const api = await request(app).get(`/api/v1/cases/${id}`).set(chain.owner.auth).expect(200);
    expect(api.body.escalationLevel).toBe(3);
  });

  it('two runs at once escalate a level once and notify once', async () => {
    const chain = await makeChain(app);
    const { id, due } = await overdueCase(chain);
    const now = new Date(due + 1);
    const counts = await Promise.all([escalateDueCases(now), escalateDueCases(now)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await CaseModel.findById(id).lean())!.escalationLevel).toBe(1);
    expect(await bellOf(chain.district.id)).toHaveLength(1);
  });

  it('stops once the case is resolved, and goes straight to the owner and admins for a store outside any area', async () => {
    const chain = await makeChain(app);
    const { id, due } = await overdueCase(chain);
    await request(app)
      .patch(`/api/v1/cases/${id}`)
      .set(chain.manager.auth)
      .send({ status: 'resolved', rootCause: 'product_quality', action: 'Replaced the meal' })
      .expect(200);
    expect(await escalateDueCases(new Date(due + 5 * SLA))).toBe(0);
    expect((await CaseModel.findById(id).lean())!.escalationLevel).toBe(0);

    const soho = await overdueCase(chain, chain.other);
    expect(await escalateDueCases(new Date(soho.due + 1))).toBe(1);
    expect(await bellOf(chain.owner.id)).toHaveLength(1);
    expect(await bellOf(chain.district.id)).toHaveLength(0);
    expect(await escalateDueCases(new Date(soho.due + 3 * SLA))).toBe(0);
  });

  it("posts a rule-opened case's escalations to the rule's alert channels, once per level", async () => {
    const chain = await makeChain(app);
    const channel = await AlertChannelModel.create({
      business: chain.owner.id,
      kind: 'email',
      name: 'Ops list',
      emails: ['ops@example.com'],
    });
    const rule = await RuleModel.create({
      business: chain.owner.id,
      type: 'low-rating',
      openCase: true,
      channels: [channel._id],
      params: { maxScore: 2, kinds: ['experience'] },
    });
    const { id, due } = await overdueCase(chain);
    await CaseModel.updateOne({ _id: id }, { $set: { rule: rule._id } });
    await escalateDueCases(new Date(due + 1));
    await escalateDueCases(new Date(due + 2));
    await escalateDueCases(new Date(due + SLA + 1));
    const rows = await AlertDeliveryModel.find({ business: chain.owner.id }).sort({ _id: 1 }).lean();
    expect(rows.map((r) => r.key)).toEqual([
      `case-escalation:${id}:1:${String(channel._id)}:ops@example.com`,
      `case-escalation:${id}:2:${String(channel._id)}:ops@example.com`,
    ]);
    expect(JSON.stringify(rows[0]!.payload)).toContain('Escalated to Leeds');
  });
});
