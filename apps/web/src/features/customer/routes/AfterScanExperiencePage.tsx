// /after-scan-experience?store=<id>&score=<1-5>: the experience rating's details (score changeable), then social.
import { useState } from 'react';
import { newKey, sourceOf } from '../api/journey';
import { getOutbox } from '../api/outbox-client';
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { RatingForm } from '../components/RatingForm';
import { chipsFor } from '../components/chips';
import { hrefOf, nextStep } from '../flow';
import { useT } from '../i18n/use-t';
import { Navigate, navigate, useSearchParams } from '../nav/nav';

function ExperienceDetails({ store, storeId, kiosk }: TStoreStepProps) {
  const { t } = useT();
  const search = useSearchParams();
  const [key] = useState(newKey);
  if (!store.interfaces.experience)
    return <Navigate to={hrefOf(nextStep('experience', store), { storeId, kiosk })} />;
  const given = Number(search.get('score'));
  const initial = Number.isInteger(given) && given >= 1 && given <= 5 ? given : null;
  return (
    <div className="cx-stack">
      <p className="cx-center cx-xl cx-strong">{t('experience.details')}</p>
      <RatingForm
        chips={chipsFor(store, 'experience')}
        business={store.name}
        kiosk={kiosk}
        initialScore={initial}
        onSubmit={(v) =>
          getOutbox().submit('experienceRating', { store: storeId, ...v, source: sourceOf(kiosk) }, key)
        }
        onDone={() => navigate(hrefOf(nextStep('experience', store), { storeId, kiosk }))}
      />
    </div>
  );
}

export function AfterScanExperiencePage() {
  const { t } = useT();
  return <StoreStepPage title={t('title.rateExperience')} step={ExperienceDetails} />;
}
