// One staff member in the /manage-staff list: photo, name, role, stores, status and actions; stacks on phones.
import { Avatar, Badge, Button, Flex, HStack, Stack, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import type { TStaff } from '@cx/contracts';
import { LuAward, LuUserCheck, LuUserX } from 'react-icons/lu';
import { Link } from 'react-router';
import { DeleteButton, EditButton } from '@/components/ItemActions';
import { paths } from '@/config/paths';
import { useAction } from '@/lib/actions';
import { apiFileUrl } from '@/lib/api-files';

export type TStaffRowProps = {
  member: TStaff;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
};

export function StaffRow({ member, busy, onEdit, onToggleActive, onDelete }: TStaffRowProps) {
  const toggle = useAction('staff.update');
  const canWrite = toggle.allowed;
  return (
    <Flex
      as="li"
      aria-label={member.name}
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '3', md: '4' }}
      align={{ base: 'stretch', md: 'center' }}
      p="4"
      bg="bg"
      borderWidth="1px"
      rounded="lg"
      opacity={member.active ? 1 : 0.75}
    >
      <HStack gap="3" flex="1" minW="0">
        <Avatar.Root size="lg">
          <Avatar.Fallback name={member.name} />
          {member.photo ? <Avatar.Image src={apiFileUrl(member.photo)} alt="" /> : null}
        </Avatar.Root>
        <Stack gap="0.5" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" truncate>
              {member.name}
            </Text>
            {member.active ? null : <Badge colorPalette="gray">Inactive</Badge>}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {member.role || 'No role set'}
          </Text>
          <Wrap gap="1" mt="1">
            {member.stores.map((s) => (
              <Badge key={s._id} variant="outline" size="sm">
                {s.name}
              </Badge>
            ))}
          </Wrap>
        </Stack>
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Button asChild size="sm" variant="outline">
          <Link to={paths.business.scorecard.getHref(member._id)} aria-label={`Scorecard of ${member.name}`}>
            <LuAward aria-hidden /> Scorecard
          </Link>
        </Button>
        <EditButton onClick={onEdit} itemName={member.name} route="staff.update" />
        {canWrite ? (
          <Button {...toggle.attrs} size="sm" variant="outline" onClick={onToggleActive} loading={busy}>
            {member.active ? <LuUserX aria-hidden /> : <LuUserCheck aria-hidden />}
            {member.active ? 'Deactivate' : 'Reactivate'}
            <VisuallyHidden> {member.name}</VisuallyHidden>
          </Button>
        ) : null}
        <DeleteButton onClick={onDelete} itemName={member.name} route="staff.remove" />
      </HStack>
    </Flex>
  );
}
