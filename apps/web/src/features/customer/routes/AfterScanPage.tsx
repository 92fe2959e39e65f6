// /after-scan?store=<id>&staff=<id>: rate the chosen team member (stars, tags, comment), then the next step.
import { useState } from 'react';
import { newKey, sourceOf } from '../api/journey';
import { getOutbox } from '../api/outbox-client';
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { RatingForm } from '../components/RatingForm';
import { chipsFor } from '../components/chips';
import { StaffAvatar } from '../components/StaffCard';
import { hrefOf, nextStep } from '../flow';
import { useT } from '../i18n/use-t';
import { Navigate, navigate, useSearchParams } from '../nav/nav';

function RateMember({ store, storeId, kiosk }: TStoreStepProps) {
  const { t } = useT();
  const search = useSearchParams();
  // One key per rating form shown: a double tap, a refetch re-render or a retry is the same submit.
  const [key] = useState(newKey);
  const member = store.staff.find((m) => m._id === search.get('staff'));
  if (!store.interfaces.staff || !member) return <Navigate to={hrefOf('staff', { storeId, kiosk })} />;
  return (
    <div className="cx-stack">
      <div className="cx-stack-sm cx-center">
        <StaffAvatar member={member} size={96} />
        <p className="cx-xl cx-strong">{t('rateStaff.question', { name: member.firstName })}</p>
      </div>
      <RatingForm
        chips={chipsFor(store, 'staff')}
        business={store.name}
        kiosk={kiosk}
        onSubmit={(v) =>
          getOutbox().submit(
            'staffRating',
            { store: storeId, staff: member._id, ...v, source: sourceOf(kiosk) },
            key,
          )
        }
        onDone={() => navigate(hrefOf(nextStep('staff', store), { storeId, kiosk }))}
      />
    </div>
  );
}

export function AfterScanPage() {
  const { t } = useT();
  return <StoreStepPage title={t('title.rateStaff')} step={RateMember} />;
}
