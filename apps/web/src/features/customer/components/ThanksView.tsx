// The last step: thanks, a visible "start again", and on a kiosk a countdown back to the start for the next customer.
import { useEffect, useState } from 'react';
import { endJourney, kioskMode } from '../api/journey';
import { hrefOf } from '../flow';
import { useT } from '../i18n/use-t';
import { navigate, useSearchParams } from '../nav/nav';

export const KIOSK_COUNTDOWN_SECONDS = 10;

export function ThanksView() {
  const { t } = useT();
  const search = useSearchParams();
  const storeId = search.get('store');
  const [kiosk] = useState(() => kioskMode());
  const [left, setLeft] = useState(KIOSK_COUNTDOWN_SECONDS);

  const startAgain = () => {
    endJourney();
    if (storeId) navigate(hrefOf('staff', { storeId, kiosk }), { replace: true });
  };

  useEffect(() => {
    if (!kiosk || !storeId) return;
    if (left <= 0) {
      startAgain();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
    // startAgain only reads values fixed for this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kiosk, storeId, left]);

  return (
    <div className="cx-stack cx-center cx-thanks">
      <p className="cx-emoji" aria-hidden="true">
        🙏
      </p>
      <h2 className="cx-h2">{t('thanks.heading')}</h2>
      {kiosk && storeId ? (
        <p role="timer" data-testid="kiosk-countdown">
          {t('thanks.countdown', { n: left })}
        </p>
      ) : (
        <p>{t('thanks.phone')}</p>
      )}
      {storeId ? (
        <button type="button" className="cx-btn cx-btn-xl" onClick={startAgain}>
          {t('thanks.startAgain')}
        </button>
      ) : null}
    </div>
  );
}
