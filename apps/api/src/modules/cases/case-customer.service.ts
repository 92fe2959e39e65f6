// The customer's side behind the signed link: the conversation, their answer, and "did we put it right?" (asked once).
import { ZCustomerAnswerSchema, type TCustomerCaseView } from '@cx/contracts';
import { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { sendMail } from '../../lib/mailer';
import { smsSenderFor } from '../../lib/sms';
import { recordNonMemberAudit, type NonMemberActor } from '../../tenancy/audit';
import { pushHistory } from './case-history';
import { caseOfToken, ensureLinkNonce, replyUrl } from './case-link';
import { recoveryAskMail } from './case-loop.mail';
import { liveContactOf, senderOf } from './case-reply.service';
import { CaseModel, type CaseDoc } from './case.model';

/** The audit entry of a step the customer took through their link (or the system took for them). */
async function auditStep(
  doc: Pick<CaseDoc, 'business' | 'store' | 'number'>,
  actor: NonMemberActor,
  action: string,
  summary: string,
  after: Record<string, unknown>,
  at: Date,
): Promise<void> {
  const { storeName } = await senderOf(doc);
  await recordNonMemberAudit(
    String(doc.business),
    actor,
    {
      kind: 'case',
      action: `case.${action}`,
      summary: `Case #${doc.number}: ${summary}`,
      store: { _id: doc.store, name: storeName },
      after,
    },
    at,
  );
}

const linkGone = () => new AppError('NOT_FOUND', 'This link has expired or is not valid', 404);

/** The case behind the link while its customer's contact request stands (an erased request kills the link). */
async function caseOfLink(token: string): Promise<CaseDoc> {
  const doc = await caseOfToken(token);
  if (!doc || !(await liveContactOf(doc))) throw linkGone();
  return doc;
}

/** Resolved, or closed after it: the customer may be asked (and answer) "did we put it right?". */
const ENDED: Array<'resolved' | 'closed'> = ['resolved', 'closed'];
const isEnded = (doc: Pick<CaseDoc, 'status'>) => doc.status === 'resolved' || doc.status === 'closed';

async function view(doc: CaseDoc): Promise<TCustomerCaseView> {
  const from = await senderOf(doc);
  return {
    businessName: from.businessName,
    storeName: from.storeName,
    // Only what was said to and by the customer: never a member's name, a note or the staff member's side.
    messages: (doc.messages ?? [])
      .filter((m) => m.from === 'member' || m.from === 'customer')
      .map((m) => ({
        from: m.from === 'member' ? ('business' as const) : ('customer' as const),
        text: m.text,
        at: new Date(m.at).toISOString(),
      })),
    canAnswer: doc.status !== 'closed',
    askRecovery: !!doc.resolvedAt && isEnded(doc) && doc.recovered == null,
    recovered: doc.recovered ?? null,
  };
}

export async function customerView(token: string): Promise<TCustomerCaseView> {
  return view(await caseOfLink(token));
}

/** The customer's answer joins the conversation; a case waiting on them (or new) moves to in progress. */
export async function customerAnswer(
  token: string,
  input: { text: string },
  now = new Date(),
): Promise<TCustomerCaseView> {
  const { text } = ZCustomerAnswerSchema.parse(input);
  const doc = await caseOfLink(token);
  if (doc.status === 'closed')
    throw new AppError('CASE_CLOSED', 'This conversation is closed. Thank you for your feedback.', 409);
  const message = {
    _id: new Types.ObjectId(),
    from: 'customer',
    author: 'Customer',
    channel: 'link',
    text,
    at: now,
  };
  await CaseModel.updateOne(
    { _id: doc._id },
    {
      $push: {
        messages: message,
        ...pushHistory({ at: now, actor: 'Customer', action: 'answer', summary: 'Customer answered' }),
      },
    },
  );
  await CaseModel.updateOne(
    { _id: doc._id, status: { $in: ['new', 'waiting'] } },
    {
      $set: { status: 'in_progress' },
      $push: pushHistory({ at: now, actor: 'Customer', action: 'status', summary: 'Status: In progress' }),
    },
  );
  await auditStep(
    doc,
    'Customer',
    'answer',
    'the customer answered through their link',
    { channel: 'link' },
    now,
  );
  return view((await CaseModel.findById(doc._id).lean<CaseDoc>())!);
}

/** "Did we put it right?": once, after resolution. */
export async function customerRecovery(
  token: string,
  recovered: boolean,
  now = new Date(),
): Promise<TCustomerCaseView> {
  const doc = await caseOfLink(token);
  if (!isEnded(doc) || !doc.resolvedAt)
    throw new AppError('NOT_RESOLVED', 'You can tell us once your feedback has been resolved', 409);
  const answered = await CaseModel.findOneAndUpdate(
    { _id: doc._id, recovered: null, status: { $in: ENDED } },
    {
      $set: { recovered },
      $push: pushHistory({
        at: now,
        actor: 'Customer',
        action: 'recovery',
        summary: recovered ? 'Customer says we put it right' : 'Customer says we did not put it right',
      }),
    },
    { returnDocument: 'after' },
  ).lean<CaseDoc>();
  if (!answered) throw new AppError('ALREADY_ANSWERED', 'You have already answered. Thank you!', 409);
  await auditStep(
    answered,
    'Customer',
    'recovery',
    recovered ? 'the customer says it was put right' : 'the customer says it was not put right',
    { recovered },
    now,
  );
  return view(answered);
}

/**
 * Asks the customer of a resolved case "did we put it right?" once: the claim (recoveryAskedAt) is one atomic update,
 * so the core's call on resolution and the periodic job never both send. A send that fails gives the claim back.
 */
export async function askRecovery(caseId: string, now = new Date()): Promise<boolean> {
  if (!Types.ObjectId.isValid(caseId)) return false;
  const claimed = await CaseModel.findOneAndUpdate(
    {
      _id: caseId,
      status: { $in: ENDED },
      resolvedAt: { $ne: null },
      recoveryAskedAt: null,
      recovered: null,
      contact: { $ne: null },
    },
    { $set: { recoveryAskedAt: now } },
    { returnDocument: 'after' },
  ).lean<CaseDoc>();
  if (!claimed) return false;
  const contact = await liveContactOf(claimed);
  if (!contact) return false;
  try {
    const link = replyUrl(String(claimed._id), await ensureLinkNonce(claimed));
    const from = await senderOf(claimed);
    const sms = contact.email ? null : await smsSenderFor(String(claimed.business));
    if (contact.email) await sendMail(recoveryAskMail(contact.email, from, link));
    else if (sms && contact.phone)
      await sms.send(contact.phone, `${from.businessName}: did we put it right? ${link}`);
    else return false;
    await CaseModel.updateOne(
      { _id: claimed._id },
      {
        $push: pushHistory({
          at: now,
          actor: 'System',
          action: 'recovery',
          summary: 'Asked the customer "did we put it right?"',
        }),
      },
    );
    await auditStep(
      claimed,
      'System',
      'recovery_asked',
      'asked the customer "did we put it right?"',
      {},
      now,
    );
    return true;
  } catch (err) {
    await CaseModel.updateOne(
      { _id: claimed._id, recoveryAskedAt: now },
      { $set: { recoveryAskedAt: null } },
    );
    logger.warn(
      { err: err instanceof Error ? err.message : String(err), case: caseId },
      'recovery question not sent; asked again next run',
    );
    return false;
  }
}

/** Resolved within this long is still worth asking about (older resolutions are left alone). */
export const RECOVERY_ASK_WITHIN_MS = 14 * 24 * 3600_000;

/** The safety net: resolved cases with a contact request not asked yet (whether or not the core called askRecovery). */
export async function askPendingRecoveries(now = new Date()): Promise<number> {
  const due = await CaseModel.find(
    {
      status: { $in: ENDED },
      recoveryAskedAt: null,
      resolvedAt: { $gte: new Date(now.getTime() - RECOVERY_ASK_WITHIN_MS) },
      recovered: null,
      contact: { $ne: null },
    },
    { _id: 1 },
  )
    .limit(200)
    .lean();
  let asked = 0;
  for (const c of due) if (await askRecovery(String(c._id), now)) asked += 1;
  return asked;
}
