// /404: every unknown path is redirected here.
import { Button, Container, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(paths.notFound.title);
  return (
    <Container maxW="xl" px="4" py={{ base: '16', md: '24' }} textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="brand.fg" aria-hidden="true">
        404
      </Text>
      <Heading as="h1" size="2xl" mb="3">
        Page not found
      </Heading>
      <Text color="fg.muted" mb="8">
        The page you are looking for does not exist or has moved.
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to={paths.marketing.home.path}>Go to the home page</RouterLink>
      </Button>
    </Container>
  );
}
