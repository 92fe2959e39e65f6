// /visit-social-media: placeholder page until the customer feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function VisitSocialMediaPage() {
  return (
    <PagePlaceholder
      title={paths.customer.visitSocialMedia.title}
      description="Follow us and share your experience."
    />
  );
}
