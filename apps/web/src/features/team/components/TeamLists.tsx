// Members and pending invitations as lists whose rows are table-like columns from md and stacked cards on phones.
import { Badge, Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { ROLE_LABELS, type TInvitation, type TMember, type TStore } from '@cx/contracts';
import type { ReactNode } from 'react';
import { formatDay, storeNames } from './team-format';

const COLUMNS = { base: '1fr', md: 'minmax(0,2fr) minmax(0,2.4fr) minmax(0,1.2fr) minmax(0,2fr) auto' };

function HeaderRow({ cells }: { cells: string[] }) {
  return (
    // Visual column heads from md; each row also labels its cells for screen readers and phones.
    <Grid templateColumns={COLUMNS} gap="3" px="4" pb="2" display={{ base: 'none', md: 'grid' }} aria-hidden>
      {cells.map((c) => (
        <Text key={c} fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
          {c}
        </Text>
      ))}
    </Grid>
  );
}

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text as="span" fontSize="xs" color="fg.muted" display={{ base: 'block', md: 'none' }}>
        {label}
      </Text>
      <Box overflowWrap="anywhere">{children}</Box>
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid
      as="li"
      aria-label={label}
      templateColumns={COLUMNS}
      gap="3"
      alignItems="center"
      p="4"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
    >
      {children}
    </Grid>
  );
}

export type TMemberActions = {
  canEdit: (m: TMember) => boolean;
  onEdit: (m: TMember) => void;
  onRemove: (m: TMember) => void;
};

export function MembersList({
  members,
  stores,
  meId,
  actions,
}: {
  members: TMember[];
  stores: TStore[];
  meId: string | undefined;
  actions: TMemberActions;
}) {
  return (
    <Box>
      <HeaderRow cells={['Name', 'Email', 'Role', 'Stores', '']} />
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Members">
        {members.map((m) => (
          <Row key={m.userId} label={m.fullname}>
            <Cell label="Name">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{m.fullname}</Text>
                {m.userId === meId ? <Badge>You</Badge> : null}
              </HStack>
            </Cell>
            <Cell label="Email">{m.email}</Cell>
            <Cell label="Role">{ROLE_LABELS[m.role]}</Cell>
            <Cell label="Stores">{storeNames(m.stores, stores)}</Cell>
            <HStack gap="2" justify={{ base: 'flex-start', md: 'flex-end' }} wrap="wrap">
              {actions.canEdit(m) ? (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => actions.onEdit(m)}
                    aria-label={`Edit ${m.fullname}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => actions.onRemove(m)}
                    aria-label={`Remove ${m.fullname}`}
                  >
                    Remove
                  </Button>
                </>
              ) : null}
            </HStack>
          </Row>
        ))}
      </Stack>
    </Box>
  );
}

export function InvitationsList({
  invitations,
  stores,
  canInvite,
  busyId,
  onResend,
  onRevoke,
}: {
  invitations: TInvitation[];
  stores: TStore[];
  canInvite: boolean;
  busyId: string | null;
  onResend: (i: TInvitation) => void;
  onRevoke: (i: TInvitation) => void;
}) {
  return (
    <Box>
      <HeaderRow cells={['Email', 'Invited by', 'Role', 'Stores', '']} />
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Pending invitations">
        {invitations.map((i) => (
          <Row key={i._id} label={i.email}>
            <Cell label="Email">
              <Text fontWeight="semibold">{i.email}</Text>
              <Text fontSize="xs" color="fg.muted">
                Expires {formatDay(i.expiresAt)}
              </Text>
            </Cell>
            <Cell label="Invited by">{i.invitedBy}</Cell>
            <Cell label="Role">{ROLE_LABELS[i.role]}</Cell>
            <Cell label="Stores">{storeNames(i.stores, stores)}</Cell>
            <HStack gap="2" justify={{ base: 'flex-start', md: 'flex-end' }} wrap="wrap">
              {canInvite ? (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={busyId === i._id}
                    onClick={() => onResend(i)}
                    aria-label={`Resend the invitation to ${i.email}`}
                  >
                    Resend
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => onRevoke(i)}
                    aria-label={`Revoke the invitation to ${i.email}`}
                  >
                    Revoke
                  </Button>
                </>
              ) : null}
            </HStack>
          </Row>
        ))}
      </Stack>
    </Box>
  );
}
