// /after-scan: placeholder page until the customer feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function AfterScanPage() {
  return (
    <PagePlaceholder title={paths.customer.afterScan.title} description="Tell us how our team did today." />
  );
}
