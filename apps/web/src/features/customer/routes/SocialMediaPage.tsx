// /social-media?store=<id>: the social links on their own, where the flow starts when only that interface is on.
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { useT } from '../i18n/use-t';
import { SocialStep } from './VisitSocialMediaPage';

/** The social step on its own ("done" to finish). */
const DirectSocialStep = (props: TStoreStepProps) => <SocialStep {...props} rated={false} />;

export function SocialMediaPage() {
  const { t } = useT();
  return <StoreStepPage title={t('title.social')} step={DirectSocialStep} />;
}
