// A member's change to a case (status, owner, priority, root cause, action) and internal notes: one atomic update with its history line and audit entry.
import {
  CASE_MESSAGES,
  CASE_PRIORITY_LABELS,
  CASE_STATUS_LABELS,
  OPEN_CASE_STATUSES,
  ROOT_CAUSE_LABELS,
  can,
  type TCaseNote,
  type TCasePatch,
  type TCaseStatus,
} from '@cx/contracts';
import { Types } from 'mongoose';
import { track } from '../../lib/background';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { forbidden, type Access } from '../../tenancy/access';
import { actorName } from './case-actor';
import { findCaseInScope } from './case-access';
import { ownerCoveringStore } from './case-assign';
import { publishCaseEventLogged } from './case-events';
import { askRecovery } from './case-customer.service';
import { auditCase, type CaseEvent } from './case-history';
import { dueAtFor } from './case-open';
import { caseSettingsOf } from './case-settings';
import { CaseModel, type CaseDoc } from './case.model';
import { ContactRequestModel } from './contact.model';

const DAY_MS = 86_400_000;
const isOpen = (s: TCaseStatus) => OPEN_CASE_STATUSES.includes(s);
const ended = (s: TCaseStatus) => s === 'resolved' || s === 'closed';

function assertAllowed(access: Access, patch: TCasePatch, doc: CaseDoc): void {
  if (can(access.role, 'cases:manage')) return;
  if (patch.status && patch.status !== doc.status && !isOpen(patch.status))
    throw forbidden(CASE_MESSAGES.closeForbidden);
  if (patch.owner !== undefined && String(patch.owner ?? '') !== String(doc.owner ?? ''))
    throw forbidden(CASE_MESSAGES.ownerForbidden);
  if (patch.priority && patch.priority !== doc.priority) throw forbidden(CASE_MESSAGES.priorityForbidden);
}

/** Resolving needs a root cause and the action taken (the patch's, else the case's own). */
function assertResolvable(patch: TCasePatch, doc: CaseDoc): void {
  const rootCause = patch.rootCause !== undefined ? patch.rootCause : doc.rootCause;
  const action = patch.action !== undefined ? patch.action : doc.action;
  const fieldErrors: Record<string, string[]> = {};
  if (!rootCause) fieldErrors.rootCause = [CASE_MESSAGES.rootCauseRequired];
  if (!action?.trim()) fieldErrors.action = [CASE_MESSAGES.actionRequired];
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw new AppError('VALIDATION', first, 400, fieldErrors);
}

/** Applies the patch; the update matches the status it was read in, so two changes at once cannot both apply. */
export async function updateCase(
  access: Access,
  id: string,
  patch: TCasePatch,
  now = new Date(),
): Promise<CaseDoc> {
  const doc = await findCaseInScope(access, id);
  assertAllowed(access, patch, doc);
  const status = patch.status ?? doc.status;
  if (status === 'resolved' && doc.status !== 'resolved') assertResolvable(patch, doc);
  const [name, settings] = await Promise.all([actorName(access), caseSettingsOf(access.businessId)]);
  const set: Record<string, unknown> = {};
  const lines: string[] = [];
  const history: CaseEvent[] = [];
  const line = (action: string, summary: string) => {
    history.push({ at: now, actor: name, action, summary });
    lines.push(summary);
  };

  if (patch.owner !== undefined && String(patch.owner ?? '') !== String(doc.owner ?? '')) {
    if (patch.owner === null) {
      Object.assign(set, { owner: null, ownerName: null });
      line('assigned', 'Unassigned');
    } else {
      const owner = await ownerCoveringStore(access.businessId, patch.owner, doc.store);
      if (!owner)
        throw new AppError('VALIDATION', CASE_MESSAGES.ownerNotMember, 400, {
          owner: [CASE_MESSAGES.ownerNotMember],
        });
      Object.assign(set, { owner: owner.user, ownerName: owner.name });
      line('assigned', `Assigned to ${owner.name}`);
    }
  }
  if (patch.priority && patch.priority !== doc.priority) {
    const dueAt = dueAtFor(new Date(doc.createdAt), settings.slaHours, patch.priority);
    Object.assign(set, { priority: patch.priority, dueAt });
    // not escalated yet: the first escalation follows the new due time
    if (isOpen(status) && !(doc.escalationLevel ?? 0)) set.nextEscalationAt = dueAt;
    line(
      'priority',
      `Priority: ${CASE_PRIORITY_LABELS[doc.priority]} → ${CASE_PRIORITY_LABELS[patch.priority]}`,
    );
  }
  if (patch.rootCause !== undefined && patch.rootCause !== doc.rootCause) {
    set.rootCause = patch.rootCause;
    line('root_cause', `Root cause: ${patch.rootCause ? ROOT_CAUSE_LABELS[patch.rootCause] : 'none'}`);
  }
  if (patch.action !== undefined && (patch.action || null) !== (doc.action ?? null)) {
    set.action = patch.action || null;
    line('action', patch.action ? `Action taken: ${patch.action.slice(0, 200)}` : 'Action taken cleared');
  }
  if (status !== doc.status) {
    set.status = status;
    if (!doc.firstResponseAt) set.firstResponseAt = now;
    if (status === 'resolved') {
      const dueAt = (set.dueAt as Date | undefined) ?? doc.dueAt;
      Object.assign(set, { resolvedAt: now, withinSla: now.getTime() <= new Date(dueAt).getTime() });
    }
    if (status === 'closed') set.closedAt = now;
    if (ended(status)) set.nextEscalationAt = null;
    if (isOpen(status) && ended(doc.status)) {
      const dueAt = new Date((set.dueAt as Date | undefined) ?? doc.dueAt);
      Object.assign(set, {
        resolvedAt: null,
        closedAt: null,
        withinSla: null,
        nextEscalationAt: dueAt > now ? dueAt : now,
      });
    }
    line('status', `Status: ${CASE_STATUS_LABELS[doc.status]} → ${CASE_STATUS_LABELS[status]}`);
  }
  if (history.length === 0) return doc;

  const updated = await CaseModel.findOneAndUpdate(
    { _id: doc._id, status: doc.status, updatedAt: doc.updatedAt },
    { $set: { ...set, updatedAt: now }, $push: { history: { $each: history } } },
    { returnDocument: 'after', timestamps: false },
  ).lean<CaseDoc>();
  if (!updated) throw new AppError('CONFLICT', CASE_MESSAGES.statusChanged, 409);

  await auditCase(
    access,
    updated,
    'update',
    lines.join('; '),
    {
      before: pick(doc, Object.keys(set)),
      after: pick(updated, Object.keys(set)),
    },
    now,
  );
  if (doc.contact && status !== doc.status)
    await retention(doc.contact, status, doc.status, settings.retentionDays, now);
  if (status === 'resolved' && doc.status !== 'resolved') {
    await publishCaseEventLogged('case.resolved', updated);
    // "did we put it right?" goes out now, after the answer (the close-the-loop job asks whatever this misses)
    track(
      askRecovery(String(updated._id), now).catch((err: unknown) =>
        logger.warn({ err, case: String(updated._id) }, 'recovery question failed; the job retries'),
      ),
      'recovery question',
    );
  }
  return updated;
}

/** Contact details are kept while the case is open plus the retention; a reopened case keeps them again. */
async function retention(
  contact: Types.ObjectId,
  status: TCaseStatus,
  was: TCaseStatus,
  retentionDays: number,
  now: Date,
): Promise<void> {
  if (ended(status) && !ended(was))
    await ContactRequestModel.updateOne(
      { _id: contact, erasedAt: null },
      { $set: { eraseAt: new Date(now.getTime() + retentionDays * DAY_MS) } },
    );
  else if (isOpen(status) && ended(was))
    await ContactRequestModel.updateOne({ _id: contact, erasedAt: null }, { $set: { eraseAt: null } });
}

const SHOWN = new Set(['status', 'priority', 'ownerName', 'rootCause', 'action', 'dueAt']);
function pick(doc: CaseDoc, keys: string[]): Record<string, unknown> {
  const source = doc as unknown as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => SHOWN.has(k)).map((k) => [k, source[k] ?? null]));
}

/** An internal note (never shown to the customer). */
export async function addCaseNote(
  access: Access,
  id: string,
  text: string,
  now = new Date(),
): Promise<TCaseNote> {
  const doc = await findCaseInScope(access, id);
  const name = await actorName(access);
  const note = {
    _id: new Types.ObjectId(),
    author: new Types.ObjectId(access.userId),
    authorName: name,
    text,
    at: now,
  };
  await CaseModel.updateOne(
    { _id: doc._id },
    {
      $push: { notes: note, history: { at: now, actor: name, action: 'note', summary: 'Added a note' } },
      $set: { updatedAt: now },
    },
    { timestamps: false },
  );
  await auditCase(access, doc, 'note', 'added a note', {}, now);
  return { _id: String(note._id), author: { _id: access.userId, name }, text, at: now.toISOString() };
}
