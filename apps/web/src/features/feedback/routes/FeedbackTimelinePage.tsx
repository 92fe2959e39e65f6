// /customers-feedback: the feedback timeline (placeholder until its feature lands) and the review of flagged ratings.
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';
import { FlaggedRatingsPanel } from '../components/FlaggedRatingsPanel';

export function FeedbackTimelinePage() {
  return (
    <PagePlaceholder
      title={paths.business.customersFeedback.title}
      description="Every piece of customer feedback, newest first."
    >
      <FlaggedRatingsPanel />
    </PagePlaceholder>
  );
}
