// A page's heading and a short line of text: what a route shows until its feature fills it in. Sets document.title.
import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

export type TPagePlaceholderProps = { title: string; description: string; children?: ReactNode };

export function PagePlaceholder({ title, description, children }: TPagePlaceholderProps) {
  useDocumentTitle(title);
  return (
    <Box as="section" aria-labelledby="page-title">
      <Heading as="h1" id="page-title" size="2xl" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted">{description}</Text>
      {children}
    </Box>
  );
}
