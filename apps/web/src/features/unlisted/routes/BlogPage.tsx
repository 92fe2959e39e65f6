// /blog: placeholder page until the unlisted feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function BlogPage() {
  return <PagePlaceholder title={paths.businessOpen.blog.title} description="News and articles." />;
}
