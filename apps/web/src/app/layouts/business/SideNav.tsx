// The business side navigation: logo to /dashboard, the twelve titled pages in spec order, Log Out.
import { Box, Button, Flex, Link, Stack } from '@chakra-ui/react';
import { LuLogOut } from 'react-icons/lu';
import { NavLink } from 'react-router';
import { Logo } from '@/components/Logo';
import { businessNavItems, paths } from '@/config/paths';
import { useLogout } from '@/hooks/use-logout';

export function SideNav() {
  const logout = useLogout();
  return (
    <Flex direction="column" h="full" bg="bg" px="4" py="5" gap="6">
      <Box px="2">
        <Logo to={paths.business.dashboard.path} />
      </Box>
      <Box as="nav" aria-label="Dashboard" flex="1" overflowY="auto">
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {businessNavItems.map((item) => (
            <Box as="li" key={item.path}>
              <Link
                asChild
                display="flex"
                alignItems="center"
                w="full"
                px="3"
                py="2.5"
                borderRadius="md"
                fontWeight="medium"
                color="fg.muted"
                _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
                _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
                // Inside ring: the scrolling nav list would clip an outside one.
                focusVisibleRing="inside"
              >
                <NavLink to={item.path}>{item.title}</NavLink>
              </Link>
            </Box>
          ))}
        </Stack>
      </Box>
      <Button variant="ghost" justifyContent="flex-start" color="fg.muted" onClick={logout}>
        <LuLogOut aria-hidden="true" /> Log Out
      </Button>
    </Flex>
  );
}
