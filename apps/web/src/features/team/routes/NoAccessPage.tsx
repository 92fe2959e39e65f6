// /no-access: the member was removed from the current business (403 NO_BUSINESS); switch to another business or log out.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { ACCESS_MESSAGES, ROLE_LABELS } from '@cx/contracts';
import { useNavigate } from 'react-router';
import { ErrorLine, LinkCard } from '@/components/LinkCard';
import { CURRENT_USER_QUERY_KEY } from '@/features/auth/api/profile';
import { toSessionUser } from '@/features/auth/api/session-user';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLogout } from '@/hooks/use-logout';
import { paths } from '@/config/paths';
import { tsr } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error';
import { authDialog } from '@/lib/auth-dialog';
import { businessesOf } from '@/lib/role';
import { useSession } from '@/lib/session';
import { useSelectBusiness } from '../api/business';

export const NO_ACCESS_TITLE = 'You no longer have access';

export function NoAccessPage() {
  useDocumentTitle(paths.team.noAccess.title);
  const { isSignedIn, user } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const select = useSelectBusiness();
  // The person as they are now: the business they were removed from is no longer in their list.
  const me = tsr.users.me.useQuery({ queryKey: CURRENT_USER_QUERY_KEY, enabled: isSignedIn, staleTime: 0 });
  // Read, not written back: the app's CurrentUserSync stores the user (writing here could undo a business switch).
  const businesses = businessesOf(me.data ? toSessionUser(me.data.body.user) : user);

  return (
    <LinkCard title={NO_ACCESS_TITLE}>
      <Text>{ACCESS_MESSAGES.noBusiness}. The owner or an admin may have removed you from the team.</Text>
      {select.isError ? <ErrorLine title={apiErrorMessage(select.error)} /> : null}
      {isSignedIn && businesses.length > 0 ? (
        <Stack gap="2" as="section" aria-labelledby="switch-title">
          <Heading as="h2" id="switch-title" size="md">
            Switch to another business
          </Heading>
          {businesses.map((b) => (
            <Button
              key={b._id}
              variant="outline"
              justifyContent="space-between"
              loading={select.isPending && select.variables?.body.businessId === b._id}
              onClick={() =>
                select.mutate(
                  { body: { businessId: b._id } },
                  { onSuccess: () => void navigate(paths.business.dashboard.path, { replace: true }) },
                )
              }
            >
              <span>{b.name}</span>
              <Text as="span" color="fg.muted" fontSize="sm">
                {ROLE_LABELS[b.role]}
              </Text>
            </Button>
          ))}
        </Stack>
      ) : null}
      {isSignedIn ? (
        <Button colorPalette="brand" onClick={logout} alignSelf="flex-start">
          Log out
        </Button>
      ) : (
        <Button colorPalette="brand" onClick={() => authDialog.open('login')} alignSelf="flex-start">
          Log in
        </Button>
      )}
    </LinkCard>
  );
}
