// The customer's signed reply link: `<case id>.<HMAC over id + the case's link nonce>`; rotating the nonce kills it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Types } from 'mongoose';
import { env } from '../../config/env';
import { CaseModel, type CaseDoc } from './case.model';

/** A key of its own derived from JWT_SECRET, so a reply-link signature is good for nothing else. */
const key = () => createHmac('sha256', env.JWT_SECRET).update('cx-case-reply-link-v1').digest();
const sign = (id: string, nonce: string) =>
  createHmac('sha256', key()).update(`${id}.${nonce}`).digest('base64url');

export const replyToken = (id: string, nonce: string) => `${id}.${sign(id, nonce)}`;
export const replyUrl = (id: string, nonce: string) => `${env.PUBLIC_WEB_URL}/reply/${replyToken(id, nonce)}`;

/** The case's nonce, set once (atomically: two replies at once agree on one link). */
export async function ensureLinkNonce(doc: Pick<CaseDoc, '_id' | 'linkNonce'>): Promise<string> {
  if (doc.linkNonce) return doc.linkNonce;
  await CaseModel.updateOne(
    { _id: doc._id, linkNonce: null },
    { $set: { linkNonce: randomBytes(18).toString('base64url') } },
  );
  const after = await CaseModel.findById(doc._id, { linkNonce: 1 }).lean<Pick<CaseDoc, 'linkNonce'>>();
  if (!after?.linkNonce) throw new Error('case vanished while its reply link was made');
  return after.linkNonce;
}

/** The case behind a well-signed token whose nonce is still the case's; else null (forged, truncated, rotated). */
export async function caseOfToken(token: string): Promise<CaseDoc | null> {
  const [id, sig, extra] = token.split('.');
  if (!id || !sig || extra !== undefined || !Types.ObjectId.isValid(id) || !/^[0-9a-f]{24}$/i.test(id))
    return null;
  const doc = await CaseModel.findById(id).lean<CaseDoc>();
  if (!doc?.linkNonce) return null;
  const want = Buffer.from(sign(id, doc.linkNonce));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return doc;
}
