// /rate-staff: placeholder page until the customer feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function RateStaffPage() {
  return (
    <PagePlaceholder title={paths.customer.rateStaff.title} description="Tell us how our team did today." />
  );
}
