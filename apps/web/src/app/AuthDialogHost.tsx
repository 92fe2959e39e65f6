// Hosts the auth dialog opened through lib/auth-dialog; the dialog's code (auth feature, Chakra) loads on first opening.
import { lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { authDialog, useAuthDialogView } from '@/lib/auth-dialog';
import { WithApi } from './WithApi';
import { WithChakra } from './WithChakra';

const AuthDialog = lazy(() => import('@/features/auth/components/AuthDialog'));
// The notice (and the toaster it uses) loads only on the landing URLs of the verification and failed sign-in mails.
const EmailVerificationNotice = lazy(() =>
  import('@/features/auth/components/EmailVerificationNotice').then((m) => ({
    default: m.EmailVerificationNotice,
  })),
);

export function AuthDialogHost() {
  const view = useAuthDialogView();
  const search = new URLSearchParams(useLocation().search);
  const mailLanding = search.has('emailVerified') || search.has('forgotPassword');
  // Stays mounted after the first opening so closing can animate and reopening is instant.
  const [everOpened, setEverOpened] = useState(false);
  if (view !== null && !everOpened) setEverOpened(true);
  return (
    <>
      {mailLanding ? (
        <WithApi>
          <EmailVerificationNotice />
        </WithApi>
      ) : null}
      {everOpened ? (
        <WithChakra>
          <WithApi>
            <AuthDialog view={view} onClose={authDialog.close} />
          </WithApi>
        </WithChakra>
      ) : null}
    </>
  );
}
