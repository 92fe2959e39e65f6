// /social-media?store=<id>: the social links on their own, where the flow starts when only that interface is on.
import { useJourney } from '../api/use-journey';
import { CustomerPage, WithStore } from '../components/CustomerPage';
import { useT } from '../i18n/use-t';
import { SocialStep } from './VisitSocialMediaPage';

export function SocialMediaPage() {
  const { t } = useT();
  const { kiosk } = useJourney();
  return (
    <CustomerPage title={t('title.social')}>
      <WithStore>
        {(store, id) => <SocialStep store={store} storeId={id} kiosk={kiosk} rated={false} />}
      </WithStore>
    </CustomerPage>
  );
}
