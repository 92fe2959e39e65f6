// /payment-success: placeholder page until the subscription feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function PaymentSuccessPage() {
  return (
    <PagePlaceholder
      title={paths.business.paymentSuccess.title}
      description="Thank you, your payment went through."
    />
  );
}
