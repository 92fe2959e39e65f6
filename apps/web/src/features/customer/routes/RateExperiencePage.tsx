// /rate-experience?store=<id>: one tap on a star rates the visit and opens the details step with that score.
import { paths } from '@/config/paths';
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { SCORES, StarIcon } from '../components/StarRating';
import { hrefOf, nextStep, stepFrom, withParams } from '../flow';
import { useT } from '../i18n/use-t';
import { Link, Navigate } from '../nav/nav';

function ExperienceStars({ store, storeId, kiosk }: TStoreStepProps) {
  const { t } = useT();
  const here = stepFrom('experience', store);
  if (here !== 'experience') return <Navigate to={hrefOf(here, { storeId, kiosk })} />;
  return (
    <div className="cx-stack cx-center">
      <p className="cx-xl cx-strong">{t('experience.question')}</p>
      <p className="cx-muted">{t('experience.tapStar')}</p>
      {/* Links, not radios: choosing a score moves on, which arrow keys in a radio group must never do. */}
      <ul className="cx-row cx-plain">
        {SCORES.map((n) => (
          <li key={n}>
            <Link
              className="cx-star"
              to={withParams(paths.customer.afterScanExperience.path, { store: storeId, score: String(n) })}
              aria-label={t('stars.option', { n, label: t(`stars.${n}` as 'stars.1') })}
            >
              <StarIcon filled={false} size={40} />
            </Link>
          </li>
        ))}
      </ul>
      <Link className="cx-btn cx-btn-ghost" to={hrefOf(nextStep('experience', store), { storeId, kiosk })}>
        {t('common.skip')}
      </Link>
    </div>
  );
}

export function RateExperiencePage() {
  const { t } = useT();
  return <StoreStepPage title={t('title.rateExperience')} step={ExperienceStars} />;
}
