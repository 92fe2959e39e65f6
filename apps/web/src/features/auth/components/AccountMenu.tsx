// The account menu in both headers: the profile chip (name, email, Dashboard, Team, Profile, business switcher, Logout).
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ProfileChip, type TProfileChipProps } from '@/components/ProfileChip';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useSelectBusiness } from '@/features/team/api/business';
import { apiErrorMessage } from '@/lib/api-error';

// The dialog (form, upload) loads only when someone opens it.
const ProfileDialog = lazy(() => import('./ProfileDialog'));

export function AccountMenu({ compact }: Pick<TProfileChipProps, 'compact'>) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const selectBusiness = useSelectBusiness();
  const navigate = useNavigate();
  const onSelectBusiness = (businessId: string) =>
    selectBusiness.mutate(
      { body: { businessId } },
      {
        onSuccess: ({ body }) => {
          toaster.success({ title: `Switched to ${body.user.business?.name ?? 'the business'}` });
          // A page of the old business (or /no-access) makes no sense in the new one: start from its dashboard.
          void navigate(paths.business.dashboard.path);
        },
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );
  return (
    <>
      <ProfileChip
        compact={compact}
        onSelectBusiness={onSelectBusiness}
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
