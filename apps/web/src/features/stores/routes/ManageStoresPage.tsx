// /manage-stores: placeholder page until the stores feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function ManageStoresPage() {
  return (
    <PagePlaceholder title={paths.business.manageStores.title} description="Add, edit and remove stores." />
  );
}
