// The team's members and invitations (GET /team/members), what a member made, and every change to them (each refreshes).
import type { TMemberRole } from '@cx/contracts';
import { tsr } from '@/lib/api-client';

export const TEAM_QUERY_KEY = ['team', 'members'] as const;

/** The location tree, under the same key the Structure page refreshes, for the area pickers. */
export function useAreaChoices(enabled = true) {
  return tsr.areas.list.useQuery({ queryKey: ['areas'], enabled });
}

export function useTeam(enabled = true) {
  return tsr.team.members.useQuery({ queryKey: TEAM_QUERY_KEY, enabled });
}

/** A change to a member's access: removal (null) or the role and stores they would have. */
export type TAccessChange = { role: TMemberRole; stores: string[]; areas?: string[] } | null;

/** What the member made that the change would switch off unless kept (GET /team/members/:userId/links). */
export function useMemberLinks(userId: string, change: TAccessChange, enabled = true) {
  const query = change
    ? { role: change.role, stores: change.stores.join(','), areas: (change.areas ?? []).join(',') }
    : {};
  return tsr.team.memberLinks.useQuery({
    queryKey: [...TEAM_QUERY_KEY, userId, 'links', query],
    queryData: { params: { userId }, query },
    enabled,
  });
}

export function useTeamMutations() {
  const client = tsr.useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
  return {
    invite: tsr.team.invite.useMutation({ onSuccess }),
    resend: tsr.team.resendInvitation.useMutation({ onSuccess }),
    revoke: tsr.team.revokeInvitation.useMutation({ onSuccess }),
    update: tsr.team.updateMember.useMutation({ onSuccess }),
    remove: tsr.team.removeMember.useMutation({ onSuccess }),
    // The old owner becomes an admin: their own profile (role) changes too.
    transfer: tsr.team.transferOwnership.useMutation({
      onSuccess: () =>
        Promise.all([
          onSuccess(),
          client.invalidateQueries({ queryKey: ['users'] }),
          client.invalidateQueries({ queryKey: ['PROFILE'] }),
        ]),
    }),
  };
}
