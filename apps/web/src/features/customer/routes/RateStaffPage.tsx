// /rate-staff?store=<id> (the QR target): counts the visit, then offers the staff on shift now to rate.
import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { isStoreId } from '../api/customer-store';
import { beginJourney, deviceId, sourceOf } from '../api/journey';
import { getOutbox } from '../api/outbox-client';
import { useJourney } from '../api/use-journey';
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { StaffCard } from '../components/StaffCard';
import { hrefOf, nextStep, stepFrom, withParams } from '../flow';
import { useT } from '../i18n/use-t';

function StaffPicker({ store, storeId, kiosk }: TStoreStepProps) {
  const { t } = useT();
  const first = stepFrom('staff', store);
  if (first !== 'staff') return <Navigate replace to={hrefOf(first, { storeId, kiosk, rated: false })} />;
  const skipTo = hrefOf(nextStep('staff', store), { storeId, kiosk, rated: false });
  return (
    <Stack gap="5">
      <Stack gap="1" textAlign="center">
        <Text fontSize="xl" fontWeight="semibold">
          {t('staff.question')}
        </Text>
        <Text color="fg.muted">{store.staff.length ? t('staff.hint') : t('staff.none')}</Text>
        {!store.onShift && store.staff.length ? (
          <Text color="fg.muted" fontSize="sm">
            {t('staff.offShift')}
          </Text>
        ) : null}
      </Stack>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, sm: 3 }} gap="3">
        {store.staff.map((member) => (
          <li key={member._id}>
            <StaffCard
              member={member}
              to={withParams(paths.customer.afterScan.path, { store: storeId, staff: member._id })}
            />
          </li>
        ))}
      </SimpleGrid>
      <Button asChild variant="ghost" size="lg">
        <RouterLink to={skipTo}>{store.staff.length ? t('common.skip') : t('common.continue')}</RouterLink>
      </Button>
      <Text color="fg.muted" fontSize="sm" textAlign="center">
        {t('common.anonymous')}
      </Text>
    </Stack>
  );
}

export function RateStaffPage() {
  const { t } = useT();
  const { storeId, kiosk } = useJourney();

  useEffect(() => {
    if (!isStoreId(storeId)) return;
    const journey = beginJourney(storeId);
    // One visit per customer journey: a reload of this page keeps the same key, so it is counted once.
    if (journey.isNew) {
      void getOutbox().submit(
        'visit',
        { store: storeId, source: sourceOf(kiosk), deviceId: deviceId() },
        journey.visitKey,
      );
    }
  }, [storeId, kiosk]);

  return <StoreStepPage title={t('title.rateStaff')} step={StaffPicker} />;
}
