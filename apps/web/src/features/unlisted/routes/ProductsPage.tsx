// /products: placeholder page until the unlisted feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function ProductsPage() {
  return <PagePlaceholder title={paths.businessOpen.products.title} description="Products." />;
}
