// /after-scan-experience: placeholder page until the customer feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function AfterScanExperiencePage() {
  return (
    <PagePlaceholder title={paths.customer.afterScanExperience.title} description="How was your visit?" />
  );
}
