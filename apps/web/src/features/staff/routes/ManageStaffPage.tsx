// /manage-staff: placeholder page until the staff feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function ManageStaffPage() {
  return (
    <PagePlaceholder
      title={paths.business.manageStaff.title}
      description="Add, edit and remove staff members."
    />
  );
}
