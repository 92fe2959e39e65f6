// The account menu in both headers: the profile chip (name, email, Dashboard, Profile, Logout) opening the profile dialog.
import { lazy, Suspense, useState } from 'react';
import { ProfileChip, type TProfileChipProps } from '@/components/ProfileChip';

// The dialog (form, upload) loads only when someone opens it.
const ProfileDialog = lazy(() => import('./ProfileDialog'));

export function AccountMenu({ compact }: Pick<TProfileChipProps, 'compact'>) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  return (
    <>
      <ProfileChip
        compact={compact}
        onOpenProfile={() => {
          setEverOpened(true);
          setOpen(true);
        }}
      />
      {everOpened ? (
        <Suspense fallback={null}>
          <ProfileDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
