// /thanks: placeholder page until the customer feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function ThanksPage() {
  return <PagePlaceholder title={paths.customer.thanks.title} description="Thank you for your feedback." />;
}
