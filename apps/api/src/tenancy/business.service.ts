// Founding a business with its owner, the memberships a person holds, and switching the current business.
import type { Types } from 'mongoose';
import { UserModel } from '../modules/users/user.model';
import { BusinessModel, type BusinessDoc } from './business.model';
import { MembershipModel, type MembershipDoc } from './membership.model';
import { noBusiness } from './access';

export interface Founder {
  _id: Types.ObjectId;
  fullname: string;
  timeZone?: string | null;
}

/**
 * Sign-up's business: the founder's own id is the business id (one rule for new and migrated businesses, so Stripe
 * metadata and file owners written before Teams stay valid; nothing treats the equality as a permission, and callers
 * use the id returned, never the founder's). Upserts, so a retried or interrupted sign-up completes instead of failing.
 */
export async function foundBusiness(
  founder: Founder,
  trialEndsAt: Date | null,
  name?: string,
): Promise<Types.ObjectId> {
  await BusinessModel.updateOne(
    { _id: founder._id },
    {
      $setOnInsert: {
        name: name ?? `${founder.fullname}'s business`,
        timeZone: founder.timeZone ?? 'UTC',
        createdBy: founder._id,
        subscriptionStatus: 'trialing',
        trialEndsAt,
      },
    },
    { upsert: true },
  );
  await MembershipModel.updateOne(
    { business: founder._id, user: founder._id },
    { $setOnInsert: { role: 'owner', allStores: true, stores: [] } },
    { upsert: true },
  );
  await UserModel.updateOne(
    { _id: founder._id, currentBusiness: null },
    { $set: { currentBusiness: founder._id } },
  );
  return founder._id;
}

export interface Standing {
  memberships: Array<MembershipDoc & { businessDoc: BusinessDoc }>;
  current: (MembershipDoc & { businessDoc: BusinessDoc }) | null;
}

/** Every business the person belongs to, and the current one (null when removed from it, or a member of none). */
export async function standingOf(userId: unknown, currentBusiness: unknown): Promise<Standing> {
  const memberships = await MembershipModel.find({ user: userId as Types.ObjectId })
    .sort({ createdAt: 1, _id: 1 })
    .lean<MembershipDoc[]>();
  const ids = memberships.map((m) => m.business);
  const businesses = await BusinessModel.find({ _id: { $in: ids } }).lean<BusinessDoc[]>();
  const byId = new Map(businesses.map((b) => [String(b._id), b]));
  const joined = memberships
    .filter((m) => byId.has(String(m.business)))
    .map((m) => ({ ...m, businessDoc: byId.get(String(m.business))! }));
  const current = currentBusiness
    ? (joined.find((m) => String(m.business) === String(currentBusiness)) ?? null)
    : (joined[0] ?? null);
  return { memberships: joined, current };
}

/** The business switcher: only to a business the person is a member of (else 404, like any unknown id). */
export async function selectBusiness(userId: string, businessId: string): Promise<void> {
  const member = await MembershipModel.exists({ business: businessId, user: userId });
  if (!member) throw noBusiness();
  await UserModel.updateOne({ _id: userId }, { $set: { currentBusiness: businessId, selectedStore: null } });
}
