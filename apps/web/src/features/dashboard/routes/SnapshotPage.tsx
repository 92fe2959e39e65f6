// /dashboard: placeholder page until the dashboard feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function SnapshotPage() {
  return (
    <PagePlaceholder
      title={paths.business.dashboard.title}
      description="A snapshot of ratings, staff and stores at a glance."
    />
  );
}
