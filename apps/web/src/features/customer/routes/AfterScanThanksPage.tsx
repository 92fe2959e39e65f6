// /after-scan-thanks: placeholder page until the customer feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function AfterScanThanksPage() {
  return (
    <PagePlaceholder
      title={paths.customer.afterScanThanks.title}
      description="Thank you for your feedback."
    />
  );
}
