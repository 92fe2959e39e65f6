// The signed-in user's chip (avatar, name, user type) with the account menu: name, email, Dashboard, Profile, Logout.
import { Avatar, Box, HStack, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/hooks/use-logout';
import { formatUserType } from '@/lib/api-files';
import { apiImage } from '@/lib/image-sources';
import { useSession } from '@/lib/session';

export type TProfileChipProps = {
  /** Opens the profile dialog; the Profile item is disabled until a feature provides one. */
  onOpenProfile?: () => void;
  /** Hide the name on narrow top bars. */
  compact?: boolean;
};

export function ProfileChip({ onOpenProfile, compact = false }: TProfileChipProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = user?.fullname || 'Your account';

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'dashboard') void navigate(paths.business.dashboard.path);
        if (value === 'profile') onOpenProfile?.();
        if (value === 'logout') logout();
      }}
    >
      <Menu.Trigger asChild>
        <HStack
          as="button"
          gap="2"
          px="2"
          py="1"
          borderRadius="full"
          cursor="pointer"
          _hover={{ bg: 'bg.muted' }}
        >
          {/* The name comes from this text, not aria-label: on phones the only visible text is the avatar's initials,
              and an aria-label that does not contain them fails axe's label-content-name-mismatch. */}
          <VisuallyHidden>Account menu for {name}</VisuallyHidden>
          <Avatar.Root size="sm" colorPalette="brand" aria-hidden>
            <Avatar.Fallback name={name} />
            {user?.profilePicture ? <Avatar.Image {...apiImage(user.profilePicture, 40)} alt="" /> : null}
          </Avatar.Root>
          {!compact && (
            <Box textAlign="start" lineHeight="short" display={{ base: 'none', md: 'block' }} aria-hidden>
              <Text fontSize="sm" fontWeight="semibold">
                {name}
              </Text>
              {user?.userType ? (
                <Text fontSize="xs" color="fg.muted">
                  {formatUserType(user.userType)}
                </Text>
              ) : null}
            </Box>
          )}
        </HStack>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="2" py="1.5">
              <Text fontWeight="semibold">{name}</Text>
              {user?.email ? (
                <Text fontSize="sm" color="fg.muted">
                  {user.email}
                </Text>
              ) : null}
            </Box>
            <Menu.Separator />
            <Menu.Item value="dashboard">Dashboard</Menu.Item>
            <Menu.Item value="profile" disabled={!onOpenProfile}>
              Profile
            </Menu.Item>
            <Menu.Item value="logout" color="fg.error">
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
