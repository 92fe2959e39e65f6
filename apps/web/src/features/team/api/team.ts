// The team's members and invitations (GET /team/members) and every change to them; each change refreshes the list.
import { tsr } from '@/lib/api-client';

export const TEAM_QUERY_KEY = ['team', 'members'] as const;

export function useTeam(enabled = true) {
  return tsr.team.members.useQuery({ queryKey: TEAM_QUERY_KEY, enabled });
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
