// A page's h1 (also document.title), an optional line of help, and its main actions; wraps on narrow screens.
import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

export type TPageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode };

export function PageHeader({ title, description, actions }: TPageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Flex
      gap="4"
      mb="6"
      align={{ base: 'stretch', md: 'flex-end' }}
      direction={{ base: 'column', md: 'row' }}
      wrap="wrap"
    >
      {/* The title keeps a readable width; a long row of actions wraps below it instead of squeezing it to nothing. In
          the phone's column the basis would be a 20rem height, a blank screen under the title. On a desktop the title
          stays on one line (the box cannot shrink below it), so the actions move down instead. */}
      <Box flex={{ base: '0 0 auto', md: '1 1 20rem' }} minW={{ base: '0', lg: 'min-content' }}>
        <Heading
          as="h1"
          id="page-title"
          size="2xl"
          mb={description ? '1' : '0'}
          whiteSpace={{ lg: 'nowrap' }}
        >
          {title}
        </Heading>
        {description ? <Text color="fg.muted">{description}</Text> : null}
      </Box>
      {actions ? (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
