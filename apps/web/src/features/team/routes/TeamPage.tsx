// /team: members with role and stores, pending invitations (resend, revoke), invite, edit, remove (keeping or switching
// off what the member made), transfer ownership.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { ACCESS_MESSAGES, type TInvitation, type TMember } from '@cx/contracts';
import { useState } from 'react';
import { LuHistory, LuUserPlus, LuUsers, LuShieldCheck } from 'react-icons/lu';
import { Link } from 'react-router';
import { AccessRefusal } from '@/components/AccessRefusal';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { useAccess } from '@/lib/role';
import { useSession } from '@/lib/session';
import { useStores } from '@/lib/stores-query';
import { routeAttrs } from '@/lib/actions';
import { useAreaChoices, useTeam, useTeamMutations } from '../api/team';
import { InviteDialog } from '../components/InviteDialog';
import { MemberDialog } from '../components/MemberDialog';
import { RemoveMemberDialog } from '../components/RemoveMemberDialog';
import { InvitationsList, MembersList } from '../components/TeamLists';
import { invitableRoles } from '../components/team-format';
import { TransferDialog } from '../components/TransferDialog';

export function TeamPage() {
  const access = useAccess();
  const { user } = useSession();
  const meId = (user?._id ?? user?.id) as string | undefined;
  const allowed = access.can('team:read');
  const team = useTeam(allowed);
  const storesQuery = useStores(allowed);
  const stores = storesQuery.data?.body.stores ?? [];
  const areas = useAreaChoices(allowed).data?.body.areas ?? [];
  const mutations = useTeamMutations();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TMember | null>(null);
  const [removing, setRemoving] = useState<TMember | null>(null);
  const [revoking, setRevoking] = useState<TInvitation | null>(null);
  const [transferring, setTransferring] = useState(false);
  const roles = invitableRoles(access.role);
  const canInvite = access.can('team:invite') && roles.length > 0;
  const data = team.data?.body;
  const others = (data?.members ?? []).filter((m) => m.role !== 'owner');

  const fail = (error: unknown) => toaster.error({ title: apiErrorMessage(error) });
  const resend = (i: TInvitation) =>
    mutations.resend.mutate(
      { params: { id: i._id } },
      { onSuccess: () => toaster.success({ title: `A new link was sent to ${i.email}` }), onError: fail },
    );
  const revoke = () =>
    revoking &&
    mutations.revoke.mutate(
      { params: { id: revoking._id } },
      {
        onSuccess: () => toaster.success({ title: `The invitation to ${revoking.email} was revoked` }),
        onError: fail,
        onSettled: () => setRevoking(null),
      },
    );
  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.team.title}
        description="Who can sign in to this business, with which role and for which stores."
        actions={
          allowed ? (
            <>
              {access.can('audit:read') ? (
                <Button asChild variant="outline">
                  <Link to={paths.business.audit.path}>
                    <LuHistory aria-hidden /> Audit log
                  </Link>
                </Button>
              ) : null}
              {access.can('privacy:manage') ? (
                <Button asChild variant="outline">
                  <Link to={paths.business.privacy.path}>
                    <LuShieldCheck aria-hidden /> Privacy requests
                  </Link>
                </Button>
              ) : null}
              {access.can('business:own') && others.length > 0 ? (
                <Button variant="outline" onClick={() => setTransferring(true)}>
                  Transfer ownership
                </Button>
              ) : null}
              {canInvite ? (
                <Button {...routeAttrs('team.invite')} colorPalette="brand" onClick={() => setInviting(true)}>
                  <LuUserPlus aria-hidden /> Invite
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {!allowed ? (
        <AccessRefusal message={ACCESS_MESSAGES.forbidden} />
      ) : (
        <QueryStates
          query={team}
          loading={{ label: 'Loading the team', rows: 3, height: '16' }}
          what="the team"
        >
          {() => (
            <Stack gap="8">
              <Stack as="section" aria-labelledby="members-title" gap="3">
                <Heading as="h2" id="members-title" size="lg">
                  Members
                </Heading>
                <MembersList
                  members={data!.members}
                  stores={stores}
                  meId={meId}
                  actions={{
                    canEdit: (m) => access.can('team:manage') && m.role !== 'owner' && m.userId !== meId,
                    onEdit: setEditing,
                    onRemove: setRemoving,
                  }}
                />
              </Stack>
              <Stack as="section" aria-labelledby="invitations-title" gap="3">
                <Heading as="h2" id="invitations-title" size="lg">
                  Pending invitations
                </Heading>
                {data!.invitations.length === 0 ? (
                  <EmptyList
                    icon={<LuUsers />}
                    title="No pending invitations"
                    description={
                      canInvite
                        ? 'Invite a store manager or a colleague: they get a link valid for 7 days.'
                        : undefined
                    }
                  />
                ) : (
                  <InvitationsList
                    invitations={data!.invitations}
                    stores={stores}
                    canInvite={canInvite}
                    busyId={
                      mutations.resend.isPending ? (mutations.resend.variables?.params.id ?? null) : null
                    }
                    onResend={resend}
                    onRevoke={setRevoking}
                  />
                )}
              </Stack>
            </Stack>
          )}
        </QueryStates>
      )}
      <InviteDialog
        open={inviting}
        roles={roles}
        stores={stores}
        areas={areas}
        onClose={() => setInviting(false)}
      />
      <MemberDialog member={editing} stores={stores} areas={areas} onClose={() => setEditing(null)} />
      <TransferDialog open={transferring} candidates={others} onClose={() => setTransferring(false)} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke the invitation?"
        confirmLabel="Revoke"
        pending={mutations.revoke.isPending}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      >
        <Text>The link mailed to {revoking?.email} stops working.</Text>
      </ConfirmDialog>
    </section>
  );
}
