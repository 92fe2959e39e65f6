// Anonymous QR pages: the public header says "100% Anonymous!" above the tagline and the store. No dashboard imports.
import { Box, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { Outlet } from 'react-router';
import { APP_NAME, TAGLINE } from '@/config/paths';
import { CustomerChrome } from '@/features/customer/components/CustomerChrome';
import { StoreBadge } from '@/features/customer/components/StoreBadge';

export function CustomerLayout() {
  return (
    <Flex direction="column" minH="100dvh" bg="page.bg">
      <Box as="header" bg="brand.solid" color="white" py={{ base: '4', md: '6' }}>
        <Container maxW="lg" px="4" textAlign="center">
          <Text fontSize="sm" fontWeight="semibold" letterSpacing="wide" opacity={0.85}>
            {APP_NAME}
          </Text>
          <Heading as="p" size={{ base: 'xl', md: '2xl' }} fontWeight="bold">
            100% Anonymous!
          </Heading>
          <Text mt="1" fontSize={{ base: 'sm', md: 'md' }}>
            {TAGLINE}
          </Text>
          <StoreBadge />
        </Container>
      </Box>
      <Box as="main" flex="1" py={{ base: '6', md: '10' }}>
        <Container maxW="lg" px="4">
          <Outlet />
        </Container>
      </Box>
      <CustomerChrome />
    </Flex>
  );
}
