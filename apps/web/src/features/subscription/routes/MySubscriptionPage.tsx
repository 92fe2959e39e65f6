// /my-subscription: placeholder page until the subscription feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function MySubscriptionPage() {
  return (
    <PagePlaceholder
      title={paths.business.mySubscription.title}
      description="Your plan, renewal date and billing."
    />
  );
}
