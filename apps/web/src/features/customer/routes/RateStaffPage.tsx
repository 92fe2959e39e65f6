// /rate-staff?store=<id> (the QR target): counts the visit, then offers the staff on shift now to rate.
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { beginJourney, isStoreId, sourceOf } from '../api/journey';
import { getOutbox } from '../api/outbox-client';
import { useJourney } from '../api/use-journey';
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { StaffCard } from '../components/StaffCard';
import { hrefOf, nextStep, stepFrom, withParams } from '../flow';
import { useT } from '../i18n/use-t';
import { Link, Navigate } from '../nav/nav';

function StaffPicker({ store, storeId, kiosk }: TStoreStepProps) {
  const { t } = useT();
  const first = stepFrom('staff', store);
  if (first !== 'staff') return <Navigate to={hrefOf(first, { storeId, kiosk, rated: false })} />;
  const skipTo = hrefOf(nextStep('staff', store), { storeId, kiosk, rated: false });
  return (
    <div className="cx-stack">
      <div className="cx-stack-xs cx-center">
        <p className="cx-xl cx-strong">{t('staff.question')}</p>
        <p className="cx-muted">{store.staff.length ? t('staff.hint') : t('staff.none')}</p>
        {/* Rota words only where there is a rota: a store without one shows its team plainly. */}
        {store.hasRota && !store.onShift && store.staff.length ? (
          <p className="cx-muted cx-sm">{t('staff.offShift')}</p>
        ) : null}
      </div>
      <ul className="cx-grid cx-plain">
        {store.staff.map((member) => (
          <li key={member._id}>
            <StaffCard
              member={member}
              to={withParams(paths.customer.afterScan.path, { store: storeId, staff: member._id })}
            />
          </li>
        ))}
      </ul>
      <Link className="cx-btn cx-btn-ghost" to={skipTo}>
        {store.staff.length ? t('common.skip') : t('common.continue')}
      </Link>
      <p className="cx-muted cx-sm cx-center">{t('common.anonymous')}</p>
    </div>
  );
}

/** Counts this customer's visit to the store once per journey: a reload of this page keeps the same key. */
export function countVisit(storeId: string | null, kiosk: boolean): void {
  if (!isStoreId(storeId)) return;
  const journey = beginJourney(storeId);
  if (journey.isNew) {
    void getOutbox().submit('visit', { store: storeId, source: sourceOf(kiosk) }, journey.visitKey);
  }
}

export function RateStaffPage() {
  const { t } = useT();
  const { storeId, kiosk } = useJourney();

  useEffect(() => countVisit(storeId, kiosk), [storeId, kiosk]);

  return <StoreStepPage title={t('title.rateStaff')} step={StaffPicker} />;
}
