// /user: placeholder page until the unlisted feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function UserPage() {
  return <PagePlaceholder title={paths.businessOpen.user.title} description="Your user details." />;
}
