// /settings-and-notifications: placeholder page until the notifications feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function PerformanceNotificationsPage() {
  return (
    <PagePlaceholder
      title={paths.business.settingsAndNotifications.title}
      description="Decide when you hear about changes in performance."
    />
  );
}
