// /visit-social-media?store=<id>: after rating, the review and social links, offered whatever the score was.
import type { TCustomerStore } from '@cx/contracts';
import { Navigate } from 'react-router';
import { useJourney } from '../api/use-journey';
import { CustomerPage, WithStore } from '../components/CustomerPage';
import { SocialLinks } from '../components/SocialLinks';
import { hrefOf, stepFrom } from '../flow';
import { useT } from '../i18n/use-t';

export function SocialStep({
  store,
  storeId,
  kiosk,
  rated,
}: {
  store: TCustomerStore;
  storeId: string;
  kiosk: boolean;
  rated: boolean;
}) {
  const { t } = useT();
  const here = stepFrom('social', store);
  if (here !== 'social') return <Navigate replace to={hrefOf(here, { storeId, kiosk })} />;
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

export function VisitSocialMediaPage() {
  const { t } = useT();
  const { kiosk } = useJourney();
  return (
    <CustomerPage title={t('title.social')}>
      <WithStore>{(store, id) => <SocialStep store={store} storeId={id} kiosk={kiosk} rated />}</WithStore>
    </CustomerPage>
  );
}
