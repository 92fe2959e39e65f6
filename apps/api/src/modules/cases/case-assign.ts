// Who owns a new case: the store's manager (store grant, then the nearest area up the tree, then the owner), or the store's team in turn.
import type { TCaseSettings } from '@cx/contracts';
import { Types } from 'mongoose';
import { coalescedRead } from '../../lib/coalesce';
import { accessFromMembership, coversStore } from '../../tenancy/access';
import { areaTree } from '../../tenancy/area-tree';
import { MembershipModel, type MembershipDoc } from '../../tenancy/membership.model';
import { UserModel } from '../users/user.model';
import { nextCount, roundRobinKey } from './case-counter';

export interface CaseOwner {
  user: Types.ObjectId;
  name: string;
}

type Id = Types.ObjectId | string;
type Member = Pick<MembershipDoc, '_id' | 'user' | 'role' | 'allStores' | 'stores' | 'areas'>;

async function named(user: Types.ObjectId | null | undefined): Promise<CaseOwner | null> {
  if (!user) return null;
  const u = await coalescedRead(`user-name:${String(user)}`, () =>
    UserModel.findById(user, { fullname: 1 }).lean(),
  );
  return u ? { user: u._id, name: u.fullname } : null;
}

/** The store's managers and viewers (every member who is not owner/admin), oldest membership first. */
const teamOf = (business: Id) =>
  coalescedRead(`case-team:${String(business)}`, () =>
    MembershipModel.find(
      { business, role: { $in: ['manager', 'viewer'] } },
      { user: 1, role: 1, allStores: 1, stores: 1, areas: 1 },
    )
      .sort({ _id: 1 })
      .lean<Member[]>(),
  );

const grantsStore = (m: Member, store: string) => (m.stores ?? []).some((s) => String(s) === store);
const grantsArea = (m: Member, area: string) => (m.areas ?? []).some((a) => String(a) === area);

/** The manager nearest the store: a store grant, then an area grant from the store's own area upwards, then an all-store manager. */
export async function storeManager(business: Id, store: Id): Promise<CaseOwner | null> {
  const [team, tree] = await Promise.all([teamOf(business), areaTree(business)]);
  const managers = team.filter((m) => m.role === 'manager');
  const id = String(store);
  const direct = managers.find((m) => m.allStores === false && grantsStore(m, id));
  if (direct) return named(direct.user);
  for (const area of tree.pathOfStore(id)) {
    const m = managers.find((x) => x.allStores === false && grantsArea(x, area));
    if (m) return named(m.user);
  }
  return named(managers.find((m) => m.allStores !== false)?.user);
}

/** The business's owner. */
export async function businessOwner(business: Id): Promise<CaseOwner | null> {
  const m = await coalescedRead(`owner-of:${String(business)}`, () =>
    MembershipModel.findOne({ business, role: 'owner' }, { user: 1 }).lean(),
  );
  return named(m?.user);
}

/** The members (managers and viewers) covering the store, in a stable order. */
async function storeTeam(business: Id, store: Id): Promise<Member[]> {
  const [team, tree] = await Promise.all([teamOf(business), areaTree(business)]);
  const path = tree.pathOfStore(String(store));
  return team.filter(
    (m) => m.allStores !== false || grantsStore(m, String(store)) || path.some((a) => grantsArea(m, a)),
  );
}

/** The owner a new case gets under the business's assignment setting (the business owner when nobody else fits). */
export async function assignOwner(
  business: Id,
  store: Id,
  assignment: TCaseSettings['assignment'],
): Promise<CaseOwner | null> {
  if (assignment === 'round_robin') {
    const team = await storeTeam(business, store);
    if (team.length) {
      const turn = await nextCount(roundRobinKey(store));
      const pick = await named(team[(turn - 1) % team.length]!.user);
      if (pick) return pick;
    }
  }
  return (await storeManager(business, store)) ?? (await businessOwner(business));
}

/** The member as a case owner when they are a member of the business who covers the store; else null. */
export async function ownerCoveringStore(
  business: string,
  user: string,
  store: Id,
): Promise<CaseOwner | null> {
  if (!Types.ObjectId.isValid(user)) return null;
  const m = await MembershipModel.findOne({ business, user }).lean();
  if (!m) return null;
  const access = await accessFromMembership(String(m.user), m);
  return coversStore(access, String(store)) ? named(m.user) : null;
}
