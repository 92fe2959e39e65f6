// /after-scan-thanks?store=<id>: where a phone's flow ends (scanned QR): thanks, and "start again" to rate someone else.
import { CustomerPage } from '../components/CustomerPage';
import { ThanksView } from '../components/ThanksView';
import { useT } from '../i18n/use-t';

export function AfterScanThanksPage() {
  const { t } = useT();
  return (
    <CustomerPage title={t('title.thanks')}>
      <ThanksView />
    </CustomerPage>
  );
}
