// Scorecard share links: created with a token shown once (only its SHA-256 kept), listed, revoked, opened without login.
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import type { TScorecard, TScorecardShare, TScorecardShareBody } from '@cx/contracts';
import { ZScorecardShareBodySchema } from '@cx/contracts';
import { env } from '../../config/env';
import { notFound } from '../../lib/errors';
import { maskContact } from '../../lib/mask';
import { coversStores, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { loadScope } from '../analytics/scope';
import { StaffModel } from '../staff/staff.model';
import { UserModel } from '../users/user.model';
import { ScorecardShareModel, type ScorecardShareDoc } from './scorecard-share.model';
import { scorecardFor } from './scorecard.service';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** 404 unless the person is one the member may see (the scorecard's own rule). */
const assertPersonVisible = (access: Access, staffId: string) =>
  loadScope(access, { period: 'today', staff: staffId });

/** A member sees (and may keep) a link only when it covers no store outside theirs (an all-store link: all-store members only). */
export const coversShare = (access: Access, share: Pick<ScorecardShareDoc, 'stores'>) =>
  coversStores(access, share.stores);

export async function createShare(
  access: Access,
  staffId: string,
  input: TScorecardShareBody,
): Promise<{ _id: string; url: string }> {
  const period = ZScorecardShareBodySchema.parse(input);
  await assertPersonVisible(access, staffId);
  const token = randomBytes(32).toString('base64url');
  const doc = await ScorecardShareModel.create({
    business: access.businessId,
    staff: staffId,
    tokenHash: tokenHash(token),
    stores: (access.storeIds ?? []).map((id) => new Types.ObjectId(id)),
    period,
    createdBy: access.userId,
  });
  const person = await StaffModel.findById(staffId, { name: 1 }).lean();
  await recordAudit(access, {
    kind: 'scorecard',
    action: 'scorecard.share.create',
    summary: `Shared the scorecard of ${person?.name ?? 'a staff member'} (${period.period})`,
    after: { staff: staffId, period },
  });
  return { _id: String(doc._id), url: `${env.PUBLIC_WEB_URL}/scorecard/${token}` };
}

/** The period kept with a link (last 30 days for a record without one). */
const periodOf = (s: Pick<ScorecardShareDoc, 'period'>) => ({
  period: s.period?.period ?? 'last30',
  from: s.period?.from ?? undefined,
  to: s.period?.to ?? undefined,
});

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function listShares(access: Access, staffId: string): Promise<TScorecardShare[]> {
  await assertPersonVisible(access, staffId);
  const shares = await ScorecardShareModel.find({ business: access.businessId, staff: staffId })
    .sort({ createdAt: -1 })
    .limit(100)
    .lean<ScorecardShareDoc[]>();
  const mine = shares.filter((s) => coversShare(access, s));
  const creators = await UserModel.find(
    { _id: { $in: mine.map((s) => s.createdBy).filter(Boolean) } },
    { fullname: 1 },
  ).lean();
  const names = new Map(creators.map((u) => [String(u._id), u.fullname]));
  return mine.map((s) => ({
    _id: String(s._id),
    staff: String(s.staff),
    period: periodOf(s),
    createdBy: s.createdBy
      ? { _id: String(s.createdBy), name: names.get(String(s.createdBy)) ?? 'Former member' }
      : null,
    createdAt: iso(s.createdAt as Date)!,
    lastSeenAt: iso(s.lastSeenAt),
    revokedAt: iso(s.revokedAt),
  }));
}

export async function revokeShare(access: Access, id: string): Promise<void> {
  const share = await ScorecardShareModel.findOne({
    _id: id,
    business: access.businessId,
    revokedAt: null,
  }).lean<ScorecardShareDoc>();
  if (!share || !coversShare(access, share)) throw notFound('Share link');
  await ScorecardShareModel.updateOne(
    { _id: share._id, revokedAt: null },
    { $set: { revokedAt: new Date() } },
  );
  const person = await StaffModel.findById(share.staff, { name: 1 }).lean();
  await recordAudit(access, {
    kind: 'scorecard',
    action: 'scorecard.share.revoke',
    summary: `Revoked a share link to the scorecard of ${person?.name ?? 'a staff member'}`,
    before: { staff: String(share.staff) },
  });
}

/** The live (unrevoked) share behind a link's token, or null. */
export const liveShare = (token: string) =>
  ScorecardShareModel.findOne({ tokenHash: tokenHash(token), revokedAt: null }).lean<ScorecardShareDoc>();

/** The card behind a live link, over the stores and period kept with it; a revoked or unknown token is 404. */
export async function publicScorecard(token: string, now = new Date()): Promise<TScorecard> {
  const share = await liveShare(token);
  if (!share) throw notFound('Scorecard');
  const access: Access = {
    userId: String(share.createdBy ?? share.business),
    businessId: String(share.business),
    role: 'viewer',
    storeIds: share.stores.length ? share.stores.map(String) : null,
  };
  const card = await scorecardFor(access, String(share.staff), periodOf(share), now);
  await ScorecardShareModel.updateOne({ _id: share._id }, { $set: { lastSeenAt: now } });
  // The link leaves the business: customers' contact details in their comments are masked as on the boards.
  return { ...card, shoutOuts: card.shoutOuts.map((s) => ({ ...s, comment: maskContact(s.comment) })) };
}
