// Who receives what: a member's own notifications and rules, the members covering a store, an alert's recipient.
import mongoose from 'mongoose';
import { can } from '@cx/contracts';
import { accessFromMembership, coversStore, type Access } from '../../tenancy/access';
import { coalescedRead } from '../../lib/coalesce';
import { areaTree } from '../../tenancy/area-tree';
import { MembershipModel } from '../../tenancy/membership.model';
import { UserModel } from '../users/user.model';
import { NotificationSettingsModel } from './rule.model';

type Id = mongoose.Types.ObjectId | string;

/** The member's own records (rules, notifications, settings): records without a member are the owner's. */
export function mine(access: Access): Record<string, unknown> {
  const user = new mongoose.Types.ObjectId(access.userId);
  return { business: access.businessId, user: access.role === 'owner' ? { $in: [user, null] } : user };
}

/** The business's owner's user id (who the records without a member belong to), or null. */
export async function ownerOf(business: Id): Promise<string | null> {
  const m = await MembershipModel.findOne({ business, role: 'owner' }, { user: 1 }).lean();
  return m ? String(m.user) : null;
}

/**
 * The recipient's current access (null `user` = the owner); null when they are no longer a member. Concurrent alerts
 * to one member share the read of their membership.
 */
export async function recipientAccess(business: Id, user: Id | null | undefined): Promise<Access | null> {
  const m = await coalescedRead(`recipient:${String(business)}:${user ? String(user) : 'owner'}`, () =>
    MembershipModel.findOne(user ? { business, user } : { business, role: 'owner' }).lean(),
  );
  return m ? await accessFromMembership(String(m.user), m) : null;
}

/** The member's email address and time zone (concurrent alerts to one member share the read; read-only). */
export const mailTargetOf = (user: Id) =>
  coalescedRead(`mail-target:${String(user)}`, () =>
    UserModel.findById(user, { email: 1, timeZone: 1 }).lean(),
  );

/** The member's quiet-hours settings: their own record, else the owner's unclaimed one (shared read; read-only). */
export const quietSettingsOf = (access: Access) =>
  coalescedRead(`quiet-hours:${access.businessId}:${access.userId}:${access.role}`, () =>
    NotificationSettingsModel.findOne(mine(access), { quietHours: 1, user: 1 }).sort({ user: -1 }).lean(),
  );

/** Recipients' current access for many (business, user) pairs in one read; keyed by `recipientKey`. */
export async function recipientsOf(
  pairs: Array<{ business: Id; user?: Id | null }>,
): Promise<Map<string, Access>> {
  const out = new Map<string, Access>();
  if (pairs.length === 0) return out;
  const businesses = [...new Set(pairs.map((p) => String(p.business)))].map(
    (id) => new mongoose.Types.ObjectId(id),
  );
  const users = [...new Set(pairs.flatMap((p) => (p.user ? [String(p.user)] : [])))].map(
    (id) => new mongoose.Types.ObjectId(id),
  );
  const key = `recipients:${businesses.map(String).sort().join(',')}:${users.map(String).sort().join(',')}`;
  const rows = await coalescedRead(key, () =>
    MembershipModel.find({
      business: { $in: businesses },
      $or: [{ user: { $in: users } }, { role: 'owner' }],
    }).lean(),
  );
  for (const m of rows) {
    const access = await accessFromMembership(String(m.user), m);
    out.set(recipientKey(m.business, m.user), access);
    if (m.role === 'owner') out.set(recipientKey(m.business, null), access);
  }
  return out;
}

export const recipientKey = (business: Id, user: Id | null | undefined) =>
  `${String(business)}:${user ? String(user) : ''}`;

/**
 * Whether the member may receive the alert: a store's alert only when they cover the store, the plan's allowance
 * only when they see billing.
 */
export function mayReceive(access: Access, alert: { type: string; store?: Id | null }): boolean {
  if (alert.type === 'visit-allowance' && !can(access.role, 'billing:read')) return false;
  return !alert.store || coversStore(access, String(alert.store));
}

/**
 * The user ids of the business's members whose stores include this one (owners and admins always; a member granted
 * an area above the store, as the tree stands now: a store moved out of a district stops reaching its manager).
 */
export async function membersCovering(business: Id, store: Id): Promise<string[]> {
  // every rating at a busy store asks: concurrent ones share a read
  const rows = await coalescedRead(`members-covering:${String(business)}:${String(store)}`, () =>
    MembershipModel.find(
      {
        business,
        $or: [
          { role: { $in: ['owner', 'admin'] } },
          { allStores: { $ne: false } },
          { stores: store },
          { 'areas.0': { $exists: true } },
        ],
      },
      { user: 1, role: 1, allStores: 1, stores: 1, areas: 1 },
    ).lean(),
  );
  const direct = (m: (typeof rows)[number]) =>
    m.role === 'owner' ||
    m.role === 'admin' ||
    m.allStores !== false ||
    (m.stores ?? []).some((s) => String(s) === String(store));
  // Members granted areas only: the tree (read only when there are such members) says whether the store is under one.
  const byArea = rows.filter((m) => !direct(m));
  let under = new Set<string>();
  if (byArea.length) under = new Set((await areaTree(business)).pathOfStore(String(store)));
  return rows
    .filter((m) => direct(m) || (m.areas ?? []).some((a) => under.has(String(a))))
    .map((m) => String(m.user));
}
