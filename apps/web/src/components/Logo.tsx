// The CX Journey word mark, as a link (to /dashboard in the business area, to / elsewhere).
import { Box, HStack, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { APP_NAME } from '@/config/paths';

export type TLogoProps = { to: string; inverted?: boolean };

export function Logo({ to, inverted = false }: TLogoProps) {
  return (
    <Link
      asChild
      fontWeight="bold"
      fontSize="xl"
      color={inverted ? 'white' : 'brand.fg'}
      _hover={{ textDecoration: 'none' }}
    >
      {/* Named by its text ("CX Journey home"), not aria-label: axe's label-content-name-mismatch counts the "CX"
          badge as visible text, which an aria-label would have to repeat. */}
      <RouterLink to={to}>
        <HStack gap="2">
          <Box
            aria-hidden="true"
            boxSize="8"
            borderRadius="lg"
            bg={inverted ? 'white' : 'brand.solid'}
            color={inverted ? 'brand.solid' : 'white'}
            display="grid"
            placeItems="center"
            fontSize="sm"
          >
            CX
          </Box>
          <Text as="span" aria-hidden="true">
            {APP_NAME}
          </Text>
          <VisuallyHidden>{`${APP_NAME} home`}</VisuallyHidden>
        </HStack>
      </RouterLink>
    </Link>
  );
}
