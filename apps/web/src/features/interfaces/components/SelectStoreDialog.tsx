// Select Store (spec §2 dialog 2): search, pick a store, check its interfaces, then hand this device over as a kiosk.
import {
  Avatar,
  Box,
  Button,
  Center,
  Dialog,
  HStack,
  Input,
  InputGroup,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TStore } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuSearch, LuStore } from 'react-icons/lu';
import { DialogShell } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { tsr } from '@/lib/api-client';
import { apiImage } from '@/lib/image-sources';
import { hardNavigate } from '@/lib/hard-navigate';
import {
  clearStorageKeepingKioskTablets,
  kioskTabletOf,
  rememberKioskTablet,
  startKioskSession,
} from '@/lib/kiosk';
import { useStores } from '@/lib/stores-query';
import {
  ALL_DISABLED_TOAST_MS,
  ALL_INTERFACES_DISABLED,
  anyEnabled,
  fetchPublicInterfaces,
  INTERFACES_FETCH_FAILED,
  REDIRECTING_MESSAGE,
} from '../api/interfaces';

export type TSelectStoreDialogProps = { open: boolean; onClose: () => void };

export const KIOSK_ENROL_FAILED = 'This tablet could not be set up as a kiosk. Please check the connection and try again.';

/**
 * Enrols this tablet as the store's kiosk (the API answers a credential only this once) and keeps it on the tablet. A
 * tablet handed over again for the same store replaces its earlier kiosk (revoked first), so the list does not grow.
 */
async function enrolThisTablet(storeId: string): Promise<boolean> {
  const earlier = kioskTabletOf(storeId);
  if (earlier) await tsr.kiosks.revoke.mutate({ params: { id: earlier.id } }).catch(() => undefined);
  const res = await tsr.kiosks.enrol
    .mutate({ params: { id: storeId }, body: { label: 'Select Store tablet' } })
    .catch(() => null);
  if (res?.status !== 201) return false;
  rememberKioskTablet(storeId, { id: res.body._id, credential: res.body.credential });
  return true;
}

/** Long enough to read the redirect line, short enough not to feel slow. */
const REDIRECT_PAUSE_MS = 600;

/** Case-insensitive name match (spec §2). */
export function filterStores(stores: TStore[], search: string): TStore[] {
  const needle = search.trim().toLowerCase();
  return needle ? stores.filter((s) => s.name.toLowerCase().includes(needle)) : stores;
}

export default function SelectStoreDialog({ open, onClose }: TSelectStoreDialogProps) {
  const queryClient = useQueryClient();
  const stores = useStores(open);
  const [search, setSearch] = useState('');
  const [checking, setChecking] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const shown = filterStores(stores.data?.body.stores ?? [], search);

  const choose = async (store: TStore) => {
    if (checking || redirecting) return;
    setChecking(store._id);
    const interfaces = await fetchPublicInterfaces(store._id);
    if (!interfaces) {
      setChecking(null);
      toaster.create({ type: 'error', title: INTERFACES_FETCH_FAILED });
      return;
    }
    if (!anyEnabled(interfaces)) {
      setChecking(null);
      toaster.create({ type: 'warning', title: ALL_INTERFACES_DISABLED, duration: ALL_DISABLED_TOAST_MS });
      return;
    }
    // The API counts this tablet's ratings as a kiosk's only once it is enrolled: without that, say so and stay.
    if (!(await enrolThisTablet(store._id))) {
      setChecking(null);
      toaster.create({ type: 'error', title: KIOSK_ENROL_FAILED });
      return;
    }
    setRedirecting(true);
    // Remember the choice on the profile while the token still exists; the kiosk must open even if this fails.
    const remembered = tsr.users.selectStore.mutate({ body: { storeId: store._id } }).catch(() => undefined);
    await Promise.all([remembered, new Promise((r) => setTimeout(r, REDIRECT_PAUSE_MS))]);
    // Spec: clear all local storage, reset cached API state, then go to the store's rating page. Storage is cleared
    // without notifying the session store and the page is reloaded (not routed), so the dashboard's live session guard
    // cannot redirect to / mid-hand-over, and nothing of the owner's session stays in memory on a customer device. Only
    // the tablet's own kiosk credentials are kept.
    clearStorageKeepingKioskTablets();
    queryClient.clear();
    // The device becomes a shared kiosk: thanks page counts down back to the start for the next customer.
    startKioskSession();
    hardNavigate(paths.customer.rateStaff.getHref(store._id));
  };

  return (
    <DialogShell
      open={open}
      onClose={onClose}
      closable={!redirecting}
      title="Select Store"
      size={{ base: 'full', sm: 'md' }}
      headerProps={{ flexDirection: 'column', alignItems: 'stretch', gap: '3' }}
      headerExtra={
        <>
          <InputGroup startElement={<LuSearch aria-hidden />}>
            <Input
              type="search"
              placeholder="Search store"
              aria-label="Search store"
              value={search}
              disabled={redirecting}
              onChange={(e) => setSearch(e.target.value)}
            />
          </InputGroup>
          <Text fontSize="sm" color="fg.muted">
            Click on specific Store to Proceed
          </Text>
        </>
      }
    >
      <Dialog.Body pb="6">
        {redirecting ? (
          <Center minH="32" flexDirection="column" gap="3" role="status" aria-live="polite">
            <Spinner color="brand.solid" />
            <Text textAlign="center">{REDIRECTING_MESSAGE}</Text>
          </Center>
        ) : stores.isPending ? (
          <Center minH="32">
            <Spinner color="brand.solid" aria-label="Loading stores" />
          </Center>
        ) : shown.length === 0 ? (
          <Center minH="32">
            <Text color="fg.muted">No store found</Text>
          </Center>
        ) : (
          <Box as="ul" role="list" aria-label="Stores" maxH="380px" overflowY="auto" listStyleType="none">
            {shown.map((store) => (
              <Box as="li" key={store._id}>
                <Button
                  variant="ghost"
                  w="full"
                  h="auto"
                  py="2"
                  justifyContent="flex-start"
                  onClick={() => void choose(store)}
                  disabled={checking !== null && checking !== store._id}
                  aria-busy={checking === store._id}
                >
                  <HStack gap="3" w="full">
                    <Avatar.Root shape="rounded" size="md" bg="bg.muted">
                      <Avatar.Fallback>
                        <LuStore aria-hidden />
                      </Avatar.Fallback>
                      {store.image ? <Avatar.Image {...apiImage(store.image, 40)} alt="" /> : null}
                    </Avatar.Root>
                    <Stack gap="0" flex="1" textAlign="start" minW="0">
                      <Text fontWeight="medium" truncate>
                        {store.name}
                      </Text>
                    </Stack>
                    {checking === store._id ? <Spinner size="sm" aria-label="Checking interfaces" /> : null}
                  </HStack>
                </Button>
              </Box>
            ))}
          </Box>
        )}
      </Dialog.Body>
    </DialogShell>
  );
}
