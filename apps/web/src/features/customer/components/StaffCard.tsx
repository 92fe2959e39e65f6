// A team member the customer can tap to rate: photo (or initials), first name and role; the whole card is the target.
import { Box, Image, Stack, Text } from '@chakra-ui/react';
import type { TCustomerStaff } from '@cx/contracts';
import { Link as RouterLink } from 'react-router';
import { env } from '@/config/env';
import { useT } from '../i18n/use-t';

export function StaffAvatar({ member, size = '72px' }: { member: TCustomerStaff; size?: string }) {
  if (member.photo) {
    return (
      <Image
        src={`${env.apiBaseUrl}${member.photo}`}
        alt=""
        boxSize={size}
        borderRadius="full"
        objectFit="cover"
        loading="lazy"
      />
    );
  }
  return (
    <Box
      aria-hidden="true"
      boxSize={size}
      borderRadius="full"
      bg="brand.muted"
      color="brand.fg"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontSize="2xl"
      fontWeight="bold"
    >
      {member.firstName.slice(0, 1).toUpperCase()}
    </Box>
  );
}

export function StaffCard({ member, to }: { member: TCustomerStaff; to: string }) {
  const { t } = useT();
  return (
    <Box
      asChild
      display="block"
      bg="bg"
      borderRadius="xl"
      borderWidth="1px"
      p="4"
      minH="44px"
      textAlign="center"
      _hover={{ borderColor: 'brand.solid', boxShadow: 'md' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <RouterLink to={to} aria-label={t('staff.rate', { name: member.firstName, role: member.role || '—' })}>
        <Stack align="center" gap="2">
          <StaffAvatar member={member} />
          <Text fontWeight="semibold" fontSize="lg">
            {member.firstName}
          </Text>
          {member.role ? (
            <Text color="fg.muted" fontSize="sm">
              {member.role}
            </Text>
          ) : null}
        </Stack>
      </RouterLink>
    </Box>
  );
}
