// Marketing pages and /404: header with Contact us and Login (or the profile chip when signed in), footer with address and email.
import { Box, Button, Container, Flex, HStack, Link, SkeletonCircle, Stack, Text } from '@chakra-ui/react';
import { lazy } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { WithApi } from '@/app/WithApi';
import { Logo } from '@/components/Logo';
import { company } from '@/config/company';
import { APP_NAME, paths } from '@/config/paths';
import { authDialog } from '@/lib/auth-dialog';
import { useSession } from '@/lib/session';
import { TOP_BAR_HEIGHT } from './business/dimensions';

// Signed-in visitors only: the menu and the API layer it uses stay off a stranger's landing page.
const AccountMenu = lazy(() =>
  import('@/features/auth/components/AccountMenu').then((m) => ({ default: m.AccountMenu })),
);

function PublicHeader() {
  const { isSignedIn } = useSession();
  return (
    // Spec §9's 64/80 px are the header's whole height: its bottom border counts inside them.
    <Box
      as="header"
      h={TOP_BAR_HEIGHT}
      boxSizing="border-box"
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <Container maxW="6xl" h="full" px={{ base: '4', md: '6' }}>
        <Flex h="full" align="center" justify="space-between" gap="3">
          <Logo to={paths.marketing.home.path} />
          <HStack as="nav" aria-label="Main" gap={{ base: '2', md: '4' }}>
            <Link asChild fontWeight="medium" color="fg">
              <RouterLink to={paths.marketing.contactUs.path}>Contact us</RouterLink>
            </Link>
            {isSignedIn ? (
              <WithApi fallback={<SkeletonCircle size="10" />}>
                <AccountMenu />
              </WithApi>
            ) : (
              <Button
                colorPalette="brand"
                size={{ base: 'sm', md: 'md' }}
                onClick={() => authDialog.open('login')}
              >
                Login
              </Button>
            )}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

function PublicFooter() {
  return (
    <Box as="footer" bg="brand.950" color="whiteAlpha.900" mt="auto">
      <Container maxW="6xl" px={{ base: '4', md: '6' }} py="10">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="8">
          <Stack gap="2">
            <Logo to={paths.marketing.home.path} inverted />
            <Text fontSize="sm" color="whiteAlpha.700" maxW="xs">
              Reviews for every store and every shift, straight from your customers.
            </Text>
          </Stack>
          <Box as="address" fontStyle="normal" fontSize="sm" lineHeight="tall">
            {company.addressLines.map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            <Link href={`mailto:${company.teamEmail}`} color="white" textDecoration="underline">
              {company.teamEmail}
            </Link>
          </Box>
          <Stack as="nav" aria-label="Footer" gap="1" fontSize="sm">
            <Link asChild color="white">
              <RouterLink to={paths.marketing.blogPosts.path}>Blog</RouterLink>
            </Link>
            <Link asChild color="white">
              <RouterLink to={paths.marketing.contactUs.path}>Contact us</RouterLink>
            </Link>
            <Link asChild color="white">
              <RouterLink to={paths.marketing.termsConditions.path}>Terms &amp; Conditions</RouterLink>
            </Link>
          </Stack>
        </Stack>
        <Text fontSize="xs" color="whiteAlpha.600" mt="8">
          © {new Date().getFullYear()} {APP_NAME}
        </Text>
      </Container>
    </Box>
  );
}

export function PublicLayout() {
  return (
    <Flex direction="column" minH="100dvh">
      <PublicHeader />
      <Box as="main" flex="1">
        <Outlet />
      </Box>
      <PublicFooter />
    </Flex>
  );
}
