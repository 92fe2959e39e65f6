// /overview: placeholder page until the dashboard feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function OverviewPage() {
  return (
    <PagePlaceholder
      title={paths.business.overview.title}
      description="Trends across all your stores over time."
    />
  );
}
