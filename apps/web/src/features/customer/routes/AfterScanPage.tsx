// /after-scan?store=<id>&staff=<id>: rate the chosen team member (stars, tags, comment), then the next step.
import { Stack, Text } from '@chakra-ui/react';
import { STAFF_TAGS } from '@cx/contracts';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { deviceId, newKey, sourceOf } from '../api/journey';
import { getOutbox } from '../api/outbox-client';
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { RatingForm } from '../components/RatingForm';
import { StaffAvatar } from '../components/StaffCard';
import { hrefOf, nextStep } from '../flow';
import { useT } from '../i18n/use-t';

function RateMember({ store, storeId, kiosk }: TStoreStepProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // One key per rating form shown: a double tap, a refetch re-render or a retry is the same submit.
  const [key] = useState(newKey);
  const member = store.staff.find((m) => m._id === search.get('staff'));
  if (!store.interfaces.staff || !member)
    return <Navigate replace to={hrefOf('staff', { storeId, kiosk })} />;
  return (
    <Stack gap="6">
      <Stack align="center" gap="2">
        <StaffAvatar member={member} size="96px" />
        <Text fontSize="xl" fontWeight="semibold" textAlign="center">
          {t('rateStaff.question', { name: member.firstName })}
        </Text>
      </Stack>
      <RatingForm
        tags={STAFF_TAGS}
        onSubmit={(v) =>
          getOutbox().submit(
            'staffRating',
            { store: storeId, staff: member._id, ...v, source: sourceOf(kiosk), deviceId: deviceId() },
            key,
          )
        }
        onDone={() => void navigate(hrefOf(nextStep('staff', store), { storeId, kiosk }))}
      />
    </Stack>
  );
}

export function AfterScanPage() {
  const { t } = useT();
  return <StoreStepPage title={t('title.rateStaff')} step={RateMember} />;
}
