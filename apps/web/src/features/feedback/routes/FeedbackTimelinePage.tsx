// /customers-feedback: placeholder page until the feedback feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function FeedbackTimelinePage() {
  return (
    <PagePlaceholder
      title={paths.business.customersFeedback.title}
      description="Every piece of customer feedback, newest first."
    />
  );
}
