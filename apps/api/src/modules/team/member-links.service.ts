// What a member made for the business (board links, scorecard links, invitations) when they leave or lose stores:
// listed for the remover, switched off by default, or kept in the remover's name.
import { can, type TMemberLink, type TRole } from '@cx/contracts';
import { disconnectBoard } from '../../lib/realtime';
import { coversStore, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { BoardModel } from '../boards/board.model';
import { ScorecardShareModel } from '../scorecards/scorecard-share.model';
import { coversShare } from '../scorecards/scorecard-shares.service';
import { StaffModel } from '../staff/staff.model';
import { StoreModel } from '../stores/store.model';
import { UserModel } from '../users/user.model';
import { InvitationModel, pendingFilter } from './invitation.model';
import { grantNames, mayManageInvitation, roleText, treeForScope } from './team.shared';

/** The member's access after the change; null when they are removed (then nothing they made stays theirs). */
export type AccessAfter = Access | null;

const iso = (d: unknown) => (d instanceof Date ? d : new Date(0)).toISOString();

/** Live links the member made that `after` could not have made: what the change leaves without an owner. */
export async function orphanedLinks(
  access: Access,
  userId: string,
  after: AccessAfter,
  now = new Date(),
): Promise<TMemberLink[]> {
  const mine = { business: access.businessId, revokedAt: null };
  const [boards, shares, invitations] = await Promise.all([
    BoardModel.find({ ...mine, createdBy: userId }, { store: 1, createdAt: 1 }).lean(),
    ScorecardShareModel.find(
      { ...mine, createdBy: userId },
      { staff: 1, stores: 1, period: 1, createdAt: 1 },
    ).lean(),
    InvitationModel.find({ business: access.businessId, invitedBy: userId, ...pendingFilter(now) }).lean(),
  ]);
  const mayBoard = after !== null && can(after.role, 'boards:manage');
  const mayInvite = after !== null && can(after.role, 'team:invite');
  const lostBoards = boards.filter((b) => !mayBoard || !coversStore(after, String(b.store)));
  const lostShares = shares.filter((s) => !mayBoard || !coversShare(after, s));
  const tree = after ? await treeForScope(after) : null;
  const lostInvitations = invitations.filter(
    (i) => !mayInvite || mayManageInvitation(after, i, tree) !== 'yes',
  );

  const [stores, people, invitationGrants] = await Promise.all([
    StoreModel.find({ _id: { $in: lostBoards.map((b) => b.store) }, deletedAt: null }, { name: 1 }).lean(),
    StaffModel.find({ _id: { $in: lostShares.map((s) => s.staff) } }, { name: 1 }).lean(),
    Promise.all(lostInvitations.map((i) => grantNames(i))),
  ]);
  const storeName = new Map(stores.map((s) => [String(s._id), s.name]));
  const personName = new Map(people.map((p) => [String(p._id), p.name]));
  return [
    // a deleted store's board shows nothing any more: there is nothing to keep or switch off
    ...lostBoards
      .filter((b) => storeName.has(String(b.store)))
      .map((b) => ({
        _id: String(b._id),
        kind: 'board' as const,
        label: `Breakroom board of ${storeName.get(String(b.store))}`,
        createdAt: iso(b.createdAt),
      })),
    ...lostShares.map((s) => ({
      _id: String(s._id),
      kind: 'share' as const,
      label: `Scorecard link of ${personName.get(String(s.staff)) ?? 'a former staff member'}`,
      createdAt: iso(s.createdAt),
    })),
    ...lostInvitations.map((i, n) => ({
      _id: String(i._id),
      kind: 'invitation' as const,
      label: `Invitation to ${i.email} (${roleText(i.role as TRole, {
        allStores: i.allStores !== false,
        names: invitationGrants[n] ?? [],
      })})`,
      createdAt: iso((i as { createdAt?: Date }).createdAt),
    })),
  ];
}

const idsOf = (links: TMemberLink[], kind: TMemberLink['kind']) =>
  links.filter((l) => l.kind === kind).map((l) => l._id);

/**
 * After a removal or a loss of stores: the links the remover chose to keep become theirs (they keep working), every
 * other orphaned link is switched off at once; each group is one audit entry. Ids not among the orphans are ignored
 * (a link switched off meanwhile, or not the member's).
 */
export async function settleOrphanedLinks(
  access: Access,
  member: { userId: string; name: string },
  after: AccessAfter,
  keep: string[],
  now = new Date(),
): Promise<void> {
  const orphans = await orphanedLinks(access, member.userId, after, now);
  const wanted = new Set(keep);
  const kept = orphans.filter((l) => wanted.has(l._id));
  const off = orphans.filter((l) => !wanted.has(l._id));
  const scope = { business: access.businessId };
  const inIds = (ids: string[]) => ({ ...scope, _id: { $in: ids } });

  if (off.length > 0) {
    const boards = idsOf(off, 'board');
    await Promise.all([
      BoardModel.updateMany({ ...inIds(boards), revokedAt: null }, { $set: { revokedAt: now } }),
      ScorecardShareModel.updateMany(
        { ...inIds(idsOf(off, 'share')), revokedAt: null },
        { $set: { revokedAt: now } },
      ),
      InvitationModel.updateMany(
        { ...inIds(idsOf(off, 'invitation')), revokedAt: null },
        { $set: { revokedAt: now } },
      ),
    ]);
    for (const id of boards) disconnectBoard(id);
    await recordAudit(access, {
      kind: 'member',
      action: 'member.links.switch-off',
      summary: `Switched off what ${member.name} made: ${off.map((l) => l.label).join('; ')}`,
      before: { links: off.map((l) => l.label) },
    });
  }
  if (kept.length > 0) {
    const me = access.userId;
    await Promise.all([
      BoardModel.updateMany(inIds(idsOf(kept, 'board')), { $set: { createdBy: me } }),
      ScorecardShareModel.updateMany(inIds(idsOf(kept, 'share')), { $set: { createdBy: me } }),
      InvitationModel.updateMany(inIds(idsOf(kept, 'invitation')), { $set: { invitedBy: me } }),
    ]);
    const myName = (await UserModel.findById(me, { fullname: 1 }).lean())?.fullname ?? 'the remover';
    await recordAudit(access, {
      kind: 'member',
      action: 'member.links.keep',
      summary: `Kept what ${member.name} made, now in ${myName}'s name: ${kept.map((l) => l.label).join('; ')}`,
      after: { links: kept.map((l) => l.label), owner: myName },
    });
  }
}
