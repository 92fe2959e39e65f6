// /blog-posts: placeholder page until the marketing feature fills it in (registered in src/app/routes/).
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { paths } from '@/config/paths';

export function BlogPostsPage() {
  return (
    <PagePlaceholder
      title={paths.marketing.blogPosts.title}
      description="Ideas and stories about customer experience."
    />
  );
}
