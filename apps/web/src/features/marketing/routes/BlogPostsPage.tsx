// /blog-posts: short articles on customer experience, listed newest first (static content shipped with the app).
import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

type TPost = { slug: string; title: string; date: string; excerpt: string };

const POSTS: readonly TPost[] = [
  {
    slug: 'anonymous-feedback',
    title: 'Why anonymous feedback is more honest',
    date: '2026-10-14',
    excerpt:
      'Customers tell a QR code what they would never tell a manager. Here is how to use that candour well.',
  },
  {
    slug: 'league-tables',
    title: 'League tables that motivate rather than shame',
    date: '2026-09-02',
    excerpt:
      'Ranking staff works when the numbers are fair: enough ratings, the same shifts, and praise in public.',
  },
  {
    slug: 'rota-and-ratings',
    title: 'Reading ratings next to the rota',
    date: '2026-07-21',
    excerpt:
      'A dip on Tuesday afternoons is rarely about one person. Put ratings beside who was on shift and look again.',
  },
];

const formatDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

export function BlogPostsPage() {
  useDocumentTitle(paths.marketing.blogPosts.title);
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Heading as="h1" size="3xl" mb="2">
        {paths.marketing.blogPosts.title}
      </Heading>
      <Text color="fg.muted" mb="8">
        Ideas and stories about customer experience.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {POSTS.map((post) => (
          <Stack as="article" key={post.slug} gap="3" p="6" borderWidth="1px" borderRadius="xl" bg="bg">
            <Text asChild fontSize="sm" color="fg.muted">
              <time dateTime={post.date}>{formatDate(post.date)}</time>
            </Text>
            <Heading as="h2" size="md">
              {post.title}
            </Heading>
            <Text color="fg.muted">{post.excerpt}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}
