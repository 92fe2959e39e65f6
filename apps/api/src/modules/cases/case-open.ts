// Opening a case (by a rule, a contact request, a low rating with a comment, or by hand): one per rating, numbered, assigned, due by the SLA.
import type { TCasePriority, TCaseReason } from '@cx/contracts';
import type { Types } from 'mongoose';
import { batchedRead, coalescedRead } from '../../lib/coalesce';
import { recordNonMemberAudit } from '../../tenancy/audit';
import type { Access } from '../../tenancy/access';
import { StoreModel } from '../stores/store.model';
import { assignOwner } from './case-assign';
import { caseNumberKey, nextCount } from './case-counter';
import { auditCase, type CaseEvent } from './case-history';
import { caseSettingsOf } from './case-settings';
import { CaseModel, type CaseDoc } from './case.model';

const HOUR_MS = 3_600_000;
const isDuplicate = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

export interface OpenCase {
  business: Types.ObjectId | string;
  store: Types.ObjectId | string;
  rating: { _id: Types.ObjectId; staff?: Types.ObjectId | null } | null;
  reason: TCaseReason;
  summary: string;
  priority: TCasePriority;
  rule?: Types.ObjectId | null;
  contact?: Types.ObjectId | null;
  /** "System" for the automatic openings; the member who opened it by hand. */
  by: { system: true } | { access: Access; name: string };
  note?: string;
  at?: Date;
}

/** The due time for a priority under the business's SLA hours. */
export const dueAtFor = (createdAt: Date, slaHours: Record<TCasePriority, number>, priority: TCasePriority) =>
  new Date(createdAt.getTime() + slaHours[priority] * HOUR_MS);

/**
 * Opens the rating's case, or answers the one it already has (`created: false`): the unique index on the rating is
 * the claim, so a retried reaction or two rules at once open it exactly once.
 */
export async function openCase(o: OpenCase): Promise<{ doc: CaseDoc; created: boolean }> {
  if (o.rating) {
    // concurrent openings' look-ups share one read
    const existing = await batchedRead('case-of-rating', String(o.rating._id), async (ids) => {
      const found = await CaseModel.find({ rating: { $in: ids } }).lean<CaseDoc[]>();
      return new Map(found.map((c) => [String(c.rating), c]));
    });
    if (existing) return { doc: existing, created: false };
  }
  const at = o.at ?? new Date();
  const settings = await caseSettingsOf(o.business);
  const [owner, number, store] = await Promise.all([
    assignOwner(o.business, o.store, settings.assignment),
    nextCount(caseNumberKey(o.business)),
    coalescedRead(`store-name:${String(o.store)}`, () => StoreModel.findById(o.store, { name: 1 }).lean()),
  ]);
  const dueAt = dueAtFor(at, settings.slaHours, o.priority);
  const actor = 'system' in o.by ? 'System' : o.by.name;
  const history: CaseEvent[] = [{ at, actor, action: 'opened', summary: `Opened: ${o.summary}` }];
  if (owner) history.push({ at, actor, action: 'assigned', summary: `Assigned to ${owner.name}` });
  const notes =
    o.note && 'access' in o.by
      ? [{ author: o.by.access.userId, authorName: o.by.name, text: o.note, at }]
      : [];
  let doc: CaseDoc;
  try {
    const created = await CaseModel.create({
      business: o.business,
      store: o.store,
      number,
      rating: o.rating?._id ?? null,
      staff: o.rating?.staff ?? null,
      reason: o.reason,
      summary: o.summary,
      rule: o.rule ?? null,
      priority: o.priority,
      owner: owner?.user ?? null,
      ownerName: owner?.name ?? null,
      dueAt,
      nextEscalationAt: dueAt,
      contact: o.contact ?? null,
      notes,
      history,
      createdAt: at,
      updatedAt: at,
    });
    doc = created.toObject() as CaseDoc;
  } catch (err) {
    if (!o.rating || !isDuplicate(err)) throw err;
    const raced = await CaseModel.findOne({ rating: o.rating._id }).lean<CaseDoc>();
    if (!raced) throw err;
    return { doc: raced, created: false };
  }
  const summary = `opened (${o.summary})${owner ? `, assigned to ${owner.name}` : ''}`;
  const change = {
    after: { priority: o.priority, owner: owner?.name ?? null },
    storeName: store?.name ?? undefined,
  };
  if ('access' in o.by) await auditCase(o.by.access, doc, 'opened', summary, change, at);
  else
    await recordNonMemberAudit(
      String(o.business),
      'System',
      {
        kind: 'case',
        action: 'case.opened',
        summary: `Case #${doc.number}: ${summary}`,
        store: { _id: doc.store, name: change.storeName ?? null },
        after: change.after,
      },
      at,
    );
  return { doc, created: true };
}
