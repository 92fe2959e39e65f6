// /staff-on-shift: placeholder page until the staff feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function StaffOnShiftPage() {
  return (
    <PagePlaceholder
      title={paths.business.staffOnShift.title}
      description="Who is working right now, store by store."
    />
  );
}
