// Hosts the auth dialog opened through lib/auth-dialog; the dialog's code (auth feature) loads on first opening.
import { lazy, Suspense, useState } from 'react';
import { EmailVerificationNotice } from '@/features/auth/components/EmailVerificationNotice';
import { authDialog, useAuthDialogView } from '@/lib/auth-dialog';

const AuthDialog = lazy(() => import('@/features/auth/components/AuthDialog'));

export function AuthDialogHost() {
  const view = useAuthDialogView();
  // Stays mounted after the first opening so closing can animate and reopening is instant.
  const [everOpened, setEverOpened] = useState(false);
  if (view !== null && !everOpened) setEverOpened(true);
  return (
    <>
      <EmailVerificationNotice />
      {everOpened ? (
        <Suspense fallback={null}>
          <AuthDialog view={view} onClose={authDialog.close} />
        </Suspense>
      ) : null}
    </>
  );
}
