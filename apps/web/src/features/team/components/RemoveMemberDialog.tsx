// Removing a member: says what happens, and lets the owner/admin keep what the member made (switched off by default).
import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import type { TMember } from '@cx/contracts';
import { useState } from 'react';
import { DialogShell } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { useTeamMutations } from '../api/team';
import { MemberLinksChoice } from './MemberLinksChoice';

export function RemoveMemberDialog({ member, onClose }: { member: TMember | null; onClose: () => void }) {
  return (
    <DialogShell
      open={member !== null}
      onClose={onClose}
      title="Remove from the team?"
      role="alertdialog"
      size={{ base: 'full', sm: 'md' }}
      scrollBehavior="inside"
    >
      {member ? <RemoveForm key={member.userId} member={member} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function RemoveForm({ member, onDone }: { member: TMember; onDone: () => void }) {
  const [keep, setKeep] = useState<string[]>([]);
  const { remove } = useTeamMutations();
  const confirm = () =>
    remove.mutate(
      { params: { userId: member.userId }, body: { keep } },
      {
        onSuccess: () => {
          toaster.success({ title: `${member.fullname} was removed from the team` });
          onDone();
        },
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            {member.fullname} loses access to this business at once; their open dashboards are disconnected.
          </Text>
          <MemberLinksChoice
            userId={member.userId}
            name={member.fullname}
            change={null}
            keep={keep}
            onKeepChange={setKeep}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onDone} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button colorPalette="red" onClick={confirm} loading={remove.isPending}>
          Remove
        </Button>
      </Dialog.Footer>
    </>
  );
}
