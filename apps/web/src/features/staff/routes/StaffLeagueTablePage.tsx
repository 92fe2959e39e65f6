// /staff-performance: placeholder page until the staff feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function StaffLeagueTablePage() {
  return (
    <PagePlaceholder
      title={paths.business.staffPerformance.title}
      description="Your staff ranked by customer ratings."
    />
  );
}
