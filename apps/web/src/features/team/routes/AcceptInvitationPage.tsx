// /accept-invitation?token=…: what the link is for, then sign up (new address), log in and join, or join when signed in.
import { Button, Stack, Text } from '@chakra-ui/react';
import { ROLE_LABELS } from '@cx/contracts';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorLine, LinkCard } from '@/components/LinkCard';
import { LoadingRows } from '@/components/LoadState';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { apiErrorMessage } from '@/lib/api-error';
import { authDialog } from '@/lib/auth-dialog';
import { useSession } from '@/lib/session';
import { useAcceptInvitation, useInvitationPreview } from '../api/business';
import { InvitationSignupForm } from '../components/InvitationSignupForm';

export const INVALID_INVITATION =
  'This invitation link is invalid or has expired. Ask the person who invited you to send a new one.';

export function AcceptInvitationPage() {
  useDocumentTitle(paths.team.acceptInvitation.title);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const { isSignedIn, user } = useSession();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const p = preview.data?.body;

  const join = () =>
    accept.mutate(
      { body: { token } },
      { onSuccess: () => void navigate(paths.business.dashboard.path, { replace: true }) },
    );

  let content;
  if (!token)
    content = (
      <ErrorLine title="This invitation link is incomplete">
        Open the link from the invitation email again.
      </ErrorLine>
    );
  else if (preview.isPending) content = <LoadingRows label="Reading the invitation" rows={2} height="12" />;
  else if (preview.isError || !p) {
    const message = apiErrorMessage(preview.error, '');
    content = (
      <ErrorLine title={INVALID_INVITATION}>
        {message && message !== INVALID_INVITATION ? message : undefined}
      </ErrorLine>
    );
  } else
    content = (
      <Stack gap="5">
        <Text>
          <strong>{p.invitedBy}</strong> invited <strong>{p.email}</strong> to join{' '}
          <strong>{p.businessName}</strong> as <strong>{ROLE_LABELS[p.role]}</strong>.
        </Text>
        {isSignedIn ? (
          <Stack gap="3">
            {user?.email && user.email.toLowerCase() !== p.email.toLowerCase() ? (
              <Text color="fg.muted">
                You are signed in as {user.email}; this invitation is for {p.email}.
              </Text>
            ) : null}
            {accept.isError ? <ErrorLine title={apiErrorMessage(accept.error)} /> : null}
            <Button colorPalette="brand" onClick={join} loading={accept.isPending} alignSelf="flex-start">
              Join {p.businessName}
            </Button>
          </Stack>
        ) : p.hasAccount ? (
          <Stack gap="3">
            <Text>You already have an account. Log in as {p.email} to join.</Text>
            <Button
              colorPalette="brand"
              alignSelf="flex-start"
              onClick={() =>
                authDialog.open('login', {
                  email: p.email,
                  returnTo: `${location.pathname}${location.search}`,
                })
              }
            >
              Log in to join
            </Button>
          </Stack>
        ) : (
          <InvitationSignupForm token={token} email={p.email} />
        )}
      </Stack>
    );

  return (
    <LinkCard title={p ? `Join ${p.businessName}` : paths.team.acceptInvitation.title}>{content}</LinkCard>
  );
}
