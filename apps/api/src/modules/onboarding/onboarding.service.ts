// The first-run step (business name, number of stores) and the setup checklist, ticked from the business's records.
import {
  ZFirstRunSchema,
  type TFirstRun,
  type TOnboarding,
  type TSetupItem,
  type TSetupItemKey,
} from '@cx/contracts';
import { notFound } from '../../lib/errors';
import type { Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { BusinessModel, type BusinessDoc } from '../../tenancy/business.model';
import { MembershipModel } from '../../tenancy/membership.model';
import { BusinessRollupModel } from '../analytics/rollup.model';
import { ShiftModel } from '../rota/shift.model';
import { StaffModel } from '../staff/staff.model';
import { StoreModel } from '../stores/store.model';
import { createStore } from '../stores/stores.service';
import { InvitationModel } from '../team/invitation.model';

async function businessOf(access: Access): Promise<BusinessDoc> {
  const business = await BusinessModel.findById(access.businessId).lean<BusinessDoc>();
  if (!business) throw notFound('Business');
  return business;
}

/** Each item from the records themselves: deleting the last store un-ticks "add stores" again. */
async function itemsOf(business: BusinessDoc): Promise<{ items: TSetupItem[]; firstStoreId: string | null }> {
  const id = business._id;
  const [stores, firstStore, staff, shifts, rated, members, invitations] = await Promise.all([
    StoreModel.countDocuments({ business: id, deletedAt: null }),
    StoreModel.findOne({ business: id, deletedAt: null }, { _id: 1 }).sort({ createdAt: 1, _id: 1 }).lean(),
    StaffModel.countDocuments({ business: id, deletedAt: null }),
    ShiftModel.countDocuments({ business: id }),
    // Rollups, not raw ratings: a rating is counted into the business's row as it arrives.
    BusinessRollupModel.exists({ business: id, count: { $gt: 0 } }),
    MembershipModel.countDocuments({ business: id }),
    InvitationModel.countDocuments({ business: id, revokedAt: null }),
  ]);
  // The number given at the first run sizes the item: 3 of 30 stores is not done yet.
  const planned = Math.max(1, business.onboarding?.storesPlanned ?? 1);
  const counts: Record<TSetupItemKey, [boolean, number]> = {
    stores: [stores >= planned, stores],
    staff: [staff > 0, staff],
    rota: [shifts > 0, shifts],
    posters: [Boolean(business.onboarding?.postersAt), business.onboarding?.postersAt ? 1 : 0],
    'phone-test': [rated !== null, rated ? 1 : 0],
    // The owner is a member too: anyone beyond them, or an invitation still open, counts.
    invite: [members > 1 || invitations > 0, members - 1 + invitations],
  };
  const items = (Object.keys(counts) as TSetupItemKey[]).map((key) => ({
    key,
    done: counts[key][0],
    count: counts[key][1],
  }));
  return { items, firstStoreId: firstStore ? String(firstStore._id) : null };
}

export async function getOnboarding(access: Access): Promise<TOnboarding> {
  const business = await businessOf(access);
  const { items, firstStoreId } = await itemsOf(business);
  const started = Boolean(business.onboarding?.startedAt);
  const dismissed = Boolean(business.onboarding?.dismissedAt);
  return {
    firstRunPending: started && !business.onboarding?.firstRunAt,
    showChecklist: started && !dismissed && items.some((i) => !i.done),
    dismissed,
    businessName: business.name,
    storesPlanned: business.onboarding?.storesPlanned ?? null,
    firstStoreId,
    items,
  };
}

/** "Acme 1", "Acme 2", … (just "Acme" for a one-store business): easy to spot and rename on Manage Stores. */
function newStoreName(businessName: string, index: number, planned: number): string {
  const name = planned === 1 ? businessName : `${businessName} ${index}`;
  return name.slice(0, 120);
}

export async function completeFirstRun(access: Access, input: TFirstRun, now = new Date()): Promise<TOnboarding> {
  const data = ZFirstRunSchema.parse(input);
  const before = await businessOf(access);
  await BusinessModel.updateOne(
    { _id: before._id },
    {
      $set: {
        name: data.businessName,
        'onboarding.storesPlanned': data.storesPlanned,
        'onboarding.firstRunAt': before.onboarding?.firstRunAt ?? now,
      },
    },
  );
  await recordAudit(access, {
    kind: 'settings',
    action: 'business.first-run',
    summary: `Named the business ${data.businessName} with ${data.storesPlanned} store(s) planned`,
    before: { name: before.name, storesPlanned: before.onboarding?.storesPlanned ?? null },
    after: { name: data.businessName, storesPlanned: data.storesPlanned },
  });
  if (data.createStores) {
    const existing = await StoreModel.countDocuments({ business: before._id, deletedAt: null });
    // One at a time through the stores service: each gets its area, defaults and its own audit entry.
    for (let i = existing + 1; i <= data.storesPlanned; i += 1) {
      await createStore(access, { name: newStoreName(data.businessName, i, data.storesPlanned) });
    }
  }
  return getOnboarding(access);
}

export async function setChecklistDismissed(
  access: Access,
  dismissed: boolean,
  now = new Date(),
): Promise<TOnboarding> {
  await BusinessModel.updateOne(
    { _id: access.businessId },
    { $set: { 'onboarding.dismissedAt': dismissed ? now : null } },
  );
  await recordAudit(access, {
    kind: 'settings',
    action: dismissed ? 'checklist.dismiss' : 'checklist.restore',
    summary: dismissed ? 'Dismissed the setup checklist' : 'Brought back the setup checklist',
  });
  return getOnboarding(access);
}
