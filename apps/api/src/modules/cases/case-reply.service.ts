// A member's reply to the customer: by email (or SMS where the business set up a provider) from the business's name.
import { CASE_MESSAGES, ZCaseReplyInputSchema, type TCaseMessage, type TCaseReplyInput } from '@cx/contracts';
import { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { sendMail } from '../../lib/mailer';
import { smsSenderFor } from '../../lib/sms';
import type { Access } from '../../tenancy/access';
import { BusinessModel } from '../../tenancy/business.model';
import { StoreModel } from '../stores/store.model';
import { UserModel } from '../users/user.model';
import { findCaseInScope } from './case-access';
import { auditCase, pushHistory } from './case-history';
import { ensureLinkNonce, replyUrl } from './case-link';
import { caseReplyMail } from './case-loop.mail';
import { CaseModel, type CaseDoc } from './case.model';
import { ContactRequestModel, type ContactRequestDoc } from './contact.model';

const noContact = () =>
  new AppError('NO_CONTACT', CASE_MESSAGES.noContact, 400, { channel: [CASE_MESSAGES.noContact] });
const SMS_NOT_SET_UP = 'SMS is not set up for this business';

/** Business and store names as the customer knows them (the mail's sender and subject). */
export async function senderOf(doc: Pick<CaseDoc, 'business' | 'store'>) {
  const [business, store] = await Promise.all([
    BusinessModel.findById(doc.business, { name: 1 }).lean(),
    StoreModel.findById(doc.store, { name: 1 }).lean(),
  ]);
  return { businessName: business?.name ?? 'The business', storeName: store?.name ?? 'the store' };
}

/** The customer's live contact request for the case, or null (none, or erased). */
export async function liveContactOf(doc: Pick<CaseDoc, 'contact'>): Promise<ContactRequestDoc | null> {
  if (!doc.contact) return null;
  const contact = await ContactRequestModel.findById(doc.contact).lean<ContactRequestDoc>();
  return contact && !contact.erasedAt ? contact : null;
}

/** Hands the message to the mailer or the SMS provider; false when it refused (the reply is still recorded). */
async function deliver(
  channel: 'email' | 'sms',
  send: () => Promise<void>,
  caseId: string,
): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (err) {
    logger.error(
      { err: err instanceof Error ? err.message : String(err), case: caseId, channel },
      'reply to customer not delivered',
    );
    return false;
  }
}

const OPEN_FOR_WAITING: Array<'new' | 'in_progress'> = ['new', 'in_progress'];

export async function replyToCustomer(
  access: Access,
  id: string,
  input: TCaseReplyInput,
  now = new Date(),
): Promise<TCaseMessage> {
  const { text, channel } = ZCaseReplyInputSchema.parse(input);
  const doc = await findCaseInScope(access, id);
  if (doc.status === 'closed')
    throw new AppError('CASE_CLOSED', 'This case is closed: reopen it to reply', 409);
  const contact = await liveContactOf(doc);
  const to = channel === 'email' ? contact?.email : contact?.phone;
  if (!contact || !to) throw noContact();
  const sms = channel === 'sms' ? await smsSenderFor(access.businessId) : null;
  if (channel === 'sms' && !sms)
    throw new AppError('SMS_NOT_SET_UP', SMS_NOT_SET_UP, 400, { channel: [SMS_NOT_SET_UP] });

  const [nonce, from, member] = await Promise.all([
    ensureLinkNonce(doc),
    senderOf(doc),
    UserModel.findById(access.userId, { fullname: 1 }).lean(),
  ]);
  const link = replyUrl(String(doc._id), nonce);
  const delivered = await deliver(
    channel,
    () =>
      channel === 'email'
        ? sendMail(caseReplyMail(to, from, text, link))
        : sms!.send(to, `${from.businessName}: ${text}\nAnswer: ${link}`),
    String(doc._id),
  );

  const author = member?.fullname ?? 'A member';
  const message = {
    _id: new Types.ObjectId(),
    from: 'member' as const,
    author,
    user: new Types.ObjectId(access.userId),
    channel,
    text,
    at: now,
    delivered,
  };
  const via = channel === 'email' ? 'email' : 'SMS';
  const event = pushHistory({
    at: now,
    actor: author,
    action: 'reply',
    summary: delivered ? `Replied to the customer by ${via}` : `Reply by ${via} could not be sent`,
  });
  // Each write atomic and conditional on what it changes, so a status set meanwhile (a resolve) is never undone.
  await CaseModel.updateOne({ _id: doc._id }, { $push: { messages: message, ...event } });
  await CaseModel.updateOne({ _id: doc._id, firstResponseAt: null }, { $set: { firstResponseAt: now } });
  const waiting = await CaseModel.updateOne(
    { _id: doc._id, status: { $in: OPEN_FOR_WAITING } },
    { $set: { status: 'waiting' } },
  );
  await auditCase(access, doc, 'reply', `replied to the customer by ${via}`, {
    before: { status: doc.status },
    after: { status: waiting.modifiedCount ? 'waiting' : doc.status, channel, delivered },
    storeName: from.storeName,
  });
  return {
    _id: String(message._id),
    from: 'member',
    author,
    channel,
    text,
    at: now.toISOString(),
    delivered,
  };
}
