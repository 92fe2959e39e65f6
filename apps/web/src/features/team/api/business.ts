// Switching the current business and joining one by invitation: the stored user changes and every cached query is reset.
import type { TUser } from '@cx/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { toSessionUser } from '@/features/auth/api/session-user';
import { tsr } from '@/lib/api-client';
import { session } from '@/lib/session';

/** Another business's figures must never show: reset every query (active ones refetch for the new business). */
export async function enterBusiness(queryClient: QueryClient, user: TUser) {
  session.setUser(toSessionUser(user));
  await queryClient.resetQueries();
}

export function useSelectBusiness() {
  const client = tsr.useQueryClient();
  return tsr.users.selectBusiness.useMutation({
    onSuccess: ({ body }) => enterBusiness(client, body.user),
  });
}

export function useInvitationPreview(token: string) {
  return tsr.team.previewInvitation.useQuery({
    queryKey: ['invitation', token],
    queryData: { query: { token } },
    enabled: token.length > 0,
    retry: false,
  });
}

export function useAcceptInvitation() {
  const client = tsr.useQueryClient();
  return tsr.team.acceptInvitation.useMutation({
    onSuccess: ({ body }) => enterBusiness(client, body.user),
  });
}

export function useSignupWithInvitation() {
  return tsr.team.signupWithInvitation.useMutation();
}

/** A new session, like login: nothing cached from before may show for this person. Called from the caller's
 * onSuccess (clearing the cache also drops the mutation, so the hook's own callbacks would be the last to run). */
export function startInvitedSession(client: QueryClient, body: { token: string; user: TUser }) {
  client.clear();
  session.start({ token: body.token, user: toSessionUser(body.user) });
}
