// Kiosk tablets: every tablet handed over through Select Store, with its store, who set it up, last use and Revoke.
import { Dialog, Stack, Text } from '@chakra-ui/react';
import type { TKiosk } from '@cx/contracts';
import { LuTabletSmartphone } from 'react-icons/lu';
import { DialogShell } from '@/components/DialogShell';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { RevocableRow } from '@/components/RevocableRow';
import { useAccess } from '@/lib/role';
import { useKiosks, useRevokeKiosk } from '../api/kiosks';

export type TKioskTabletsDialogProps = { open: boolean; onClose: () => void };

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Last used 4 May 2026, 10:00" or "Never used yet". */
export function lastUseOf(kiosk: Pick<TKiosk, 'lastUsedAt'>): string {
  return kiosk.lastUsedAt ? `Last used ${when(kiosk.lastUsedAt)}` : 'Never used yet';
}

function KioskRow({ kiosk, canRevoke }: { kiosk: TKiosk; canRevoke: boolean }) {
  const revoke = useRevokeKiosk();
  const name = kiosk.label || 'Kiosk tablet';
  return (
    <RevocableRow
      action="Revoke"
      subject={`${name} at ${kiosk.store.name}`}
      enabled={canRevoke}
      pending={revoke.isPending}
      run={async () => (await revoke.mutateAsync({ params: { id: kiosk._id } })).body.message}
    >
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" truncate>
          {kiosk.store.name} · {name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {lastUseOf(kiosk)}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Set up {when(kiosk.createdAt)}
          {kiosk.createdBy ? ` by ${kiosk.createdBy.name}` : ''}
        </Text>
      </Stack>
    </RevocableRow>
  );
}

export function KioskTabletsDialog({ open, onClose }: TKioskTabletsDialogProps) {
  const kiosks = useKiosks(open);
  const canRevoke = useAccess().can('stores:write');
  const list = kiosks.data?.body.kiosks ?? [];
  return (
    <DialogShell open={open} onClose={onClose} title="Kiosk tablets" size={{ base: 'full', sm: 'lg' }}>
      <Dialog.Body pb="6">
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            Tablets set up with “Open a store for reviews”. Their ratings count as in-store kiosk ratings; a
            revoked tablet counts as an ordinary phone until it is set up again.
          </Text>
          <QueryStates
            query={kiosks}
            loading={{ label: 'Loading kiosk tablets', rows: 2, height: '16' }}
            what="the kiosk tablets"
            isEmpty={list.length === 0}
            empty={
              <EmptyList
                icon={<LuTabletSmartphone />}
                title="No kiosk tablets"
                description="Open a store for reviews on a shop tablet to set it up as a kiosk."
              />
            }
          >
            {() => (
              <Stack as="ul" role="list" aria-label="Kiosk tablets" gap="3" listStyleType="none">
                {list.map((kiosk) => (
                  <KioskRow key={kiosk._id} kiosk={kiosk} canRevoke={canRevoke} />
                ))}
              </Stack>
            )}
          </QueryStates>
        </Stack>
      </Dialog.Body>
    </DialogShell>
  );
}
