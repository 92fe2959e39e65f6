// /store-performance: placeholder page until the stores feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function StoreLeagueTablePage() {
  return (
    <PagePlaceholder
      title={paths.business.storePerformance.title}
      description="Your stores ranked by customer ratings."
    />
  );
}
