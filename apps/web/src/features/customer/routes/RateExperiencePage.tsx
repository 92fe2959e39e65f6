// /rate-experience: placeholder page until the customer feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function RateExperiencePage() {
  return <PagePlaceholder title={paths.customer.rateExperience.title} description="How was your visit?" />;
}
