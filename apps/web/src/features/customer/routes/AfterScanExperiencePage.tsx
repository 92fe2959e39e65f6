// /after-scan-experience?store=<id>&score=<1-5>: the experience rating's details (score changeable), then social.
import { Text, Stack } from '@chakra-ui/react';
import { EXPERIENCE_TAGS } from '@cx/contracts';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { deviceId, newKey, sourceOf } from '../api/journey';
import { getOutbox } from '../api/outbox-client';
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { RatingForm } from '../components/RatingForm';
import { hrefOf, nextStep } from '../flow';
import { useT } from '../i18n/use-t';

function ExperienceDetails({ store, storeId, kiosk }: TStoreStepProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [key] = useState(newKey);
  if (!store.interfaces.experience)
    return <Navigate replace to={hrefOf(nextStep('experience', store), { storeId, kiosk })} />;
  const given = Number(search.get('score'));
  const initial = Number.isInteger(given) && given >= 1 && given <= 5 ? given : null;
  return (
    <Stack gap="6">
      <Text fontSize="xl" fontWeight="semibold" textAlign="center">
        {t('experience.details')}
      </Text>
      <RatingForm
        tags={EXPERIENCE_TAGS}
        initialScore={initial}
        onSubmit={(v) =>
          getOutbox().submit(
            'experienceRating',
            { store: storeId, ...v, source: sourceOf(kiosk), deviceId: deviceId() },
            key,
          )
        }
        onDone={() => void navigate(hrefOf(nextStep('experience', store), { storeId, kiosk }))}
      />
    </Stack>
  );
}

export function AfterScanExperiencePage() {
  const { t } = useT();
  return <StoreStepPage title={t('title.rateExperience')} step={ExperienceDetails} />;
}
