// The signed-in user's chip (avatar, name, role in the current business) with the account menu: name, email, Dashboard,
// Team, Integrations (Owner and Admin), Profile, the business switcher (when the person belongs to several) and Logout.
import { Avatar, Box, HStack, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { ROLE_LABELS } from '@cx/contracts';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/hooks/use-logout';
import { formatUserType } from '@/lib/api-files';
import { usePrivateImage } from '@/lib/private-image';
import { useAccess } from '@/lib/role';
import { useSession } from '@/lib/session';

export type TProfileChipProps = {
  /** Opens the profile dialog; the Profile item is disabled until a feature provides one. */
  onOpenProfile?: () => void;
  /** Hide the name on narrow top bars. */
  compact?: boolean;
  /** Switches the current business; the switcher is listed when given and the person belongs to several. */
  onSelectBusiness?: (businessId: string) => void;
};

const BUSINESS_PREFIX = 'business:';

export function ProfileChip({ onOpenProfile, compact = false, onSelectBusiness }: TProfileChipProps) {
  const { user } = useSession();
  const access = useAccess();
  // The role in the current business (#21); a stored user from before roles shows its user type.
  const subtitle = access.role
    ? ROLE_LABELS[access.role]
    : user?.userType
      ? formatUserType(user.userType)
      : '';
  const switchable = onSelectBusiness && access.businesses.length > 1 ? access.businesses : [];
  const navigate = useNavigate();
  const logout = useLogout();
  const name = user?.fullname || 'Your account';
  // The avatar is private: read with the token, not a plain src (which the API refuses).
  const avatar = usePrivateImage(user?.profilePicture, 40);

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'dashboard') void navigate(paths.business.dashboard.path);
        if (value === 'team') void navigate(paths.business.team.path);
        if (value === 'integrations') void navigate(paths.business.integrations.path);
        if (value.startsWith(BUSINESS_PREFIX)) onSelectBusiness?.(value.slice(BUSINESS_PREFIX.length));
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
            {avatar ? <Avatar.Image src={avatar} alt="" /> : null}
          </Avatar.Root>
          {!compact && (
            <Box textAlign="start" lineHeight="short" display={{ base: 'none', md: 'block' }} aria-hidden>
              <Text fontSize="sm" fontWeight="semibold">
                {name}
              </Text>
              {subtitle ? (
                <Text fontSize="xs" color="fg.muted">
                  {subtitle}
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
              {subtitle ? (
                <Text fontSize="sm" color="fg.muted">
                  {access.business ? `${subtitle} · ${access.business.name}` : subtitle}
                </Text>
              ) : null}
            </Box>
            <Menu.Separator />
            <Menu.Item value="dashboard">Dashboard</Menu.Item>
            {access.can('team:read') ? <Menu.Item value="team">Team</Menu.Item> : null}
            {access.can('integrations:manage') ? (
              <Menu.Item value="integrations">Integrations</Menu.Item>
            ) : null}
            <Menu.Item value="profile" disabled={!onOpenProfile}>
              Profile
            </Menu.Item>
            {switchable.length > 0 ? (
              <>
                <Menu.Separator />
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>Switch business</Menu.ItemGroupLabel>
                  {switchable.map((b) => {
                    const current = b._id === access.business?._id;
                    return (
                      <Menu.Item key={b._id} value={`${BUSINESS_PREFIX}${b._id}`} disabled={current}>
                        <Box flex="1">
                          <Text>{b.name}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {ROLE_LABELS[b.role]}
                            {current ? ' · current' : ''}
                          </Text>
                        </Box>
                      </Menu.Item>
                    );
                  })}
                </Menu.ItemGroup>
                <Menu.Separator />
              </>
            ) : null}
            <Menu.Item value="logout" color="fg.error">
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
