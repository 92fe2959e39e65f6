// /thanks?store=<id>: where a kiosk's flow ends; counts down back to the start for the next customer.
import { CustomerPage } from '../components/CustomerPage';
import { ThanksView } from '../components/ThanksView';
import { useT } from '../i18n/use-t';

export function ThanksPage() {
  const { t } = useT();
  return (
    <CustomerPage title={t('title.thanks')}>
      <ThanksView />
    </CustomerPage>
  );
}
