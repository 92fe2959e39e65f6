// /terms-conditions: placeholder page until the marketing feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function TermsConditionsPage() {
  return (
    <PagePlaceholder
      title={paths.marketing.termsConditions.title}
      description="The terms that apply when you use CX Journey."
    />
  );
}
