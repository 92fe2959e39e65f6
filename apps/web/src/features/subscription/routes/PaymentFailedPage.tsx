// /payment-failed: placeholder page until the subscription feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function PaymentFailedPage() {
  return (
    <PagePlaceholder
      title={paths.business.paymentFailed.title}
      description="Your payment did not go through. Please try again."
    />
  );
}
