// /visit-social-media?store=<id>: after rating, the review and social links, offered whatever the score was.
import { Navigate } from '../nav/nav';
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { SocialLinks } from '../components/SocialLinks';
import { hrefOf, stepFrom } from '../flow';
import { useT } from '../i18n/use-t';

export function SocialStep({ store, storeId, kiosk, rated }: TStoreStepProps & { rated: boolean }) {
  const { t } = useT();
  const here = stepFrom('social', store);
  if (here !== 'social') return <Navigate to={hrefOf(here, { storeId, kiosk })} />;
  return (
    <SocialLinks
      store={store}
      storeId={storeId}
      kiosk={kiosk}
      intro={rated ? t('social.afterRating') : t('social.direct')}
      doneHref={hrefOf('thanks', { storeId, kiosk })}
      doneLabel={rated ? t('social.noThanks') : t('social.done')}
    />
  );
}

/** The social step after a rating ("no thanks" to finish). */
const RatedSocialStep = (props: TStoreStepProps) => <SocialStep {...props} rated />;

export function VisitSocialMediaPage() {
  const { t } = useT();
  return <StoreStepPage title={t('title.social')} step={RatedSocialStep} />;
}
