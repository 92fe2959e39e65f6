// /manage-stores: the business's stores as cards, with create/edit, delete (ratings kept), QR downloads and Select Store.
import { Button, SimpleGrid, Text } from '@chakra-ui/react';
import type { TStore } from '@cx/contracts';
import { useState } from 'react';
import {
  LuMonitorSmartphone,
  LuNetwork,
  LuPlus,
  LuStore,
  LuTabletSmartphone,
  LuUpload,
} from 'react-icons/lu';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { selectStoreDialog } from '@/lib/select-store-dialog';
import { useStores } from '@/lib/stores-query';
import { useDeleteStore } from '../api/stores';
import { StoreCard } from '../components/StoreCard';
import { KioskTabletsDialog } from '../components/KioskTabletsDialog';
import { StoreFormDialog } from '../components/StoreFormDialog';
import { ImportStoresDialog } from '../components/ImportStoresDialog';
import { BreakroomBoardDialog } from '@/features/boards/components/BreakroomBoardDialog';
import { useAccess } from '@/lib/role';
import { useAction } from '@/lib/actions';

type TDialog =
  | { kind: 'create' }
  | { kind: 'edit'; store: TStore }
  | { kind: 'delete'; store: TStore }
  | { kind: 'kiosks' }
  | { kind: 'import' }
  | { kind: 'board'; store: TStore }
  | null;

export function ManageStoresPage() {
  const stores = useStores();
  const remove = useDeleteStore();
  const [dialog, setDialog] = useState<TDialog>(null);
  const access = useAccess();
  const canBoard = access.can('boards:manage');
  const importing = useAction('stores.import');
  const adding = useAction('stores.create');
  const kiosks = useAction('kiosks.list');
  const enrol = useAction('kiosks.enrol');
  const list = stores.data?.body.stores ?? [];

  const confirmDelete = async (store: TStore) => {
    try {
      const res = await remove.mutateAsync({ params: { id: store._id } });
      toaster.success({ title: res.body.message });
      setDialog(null);
    } catch (error) {
      toaster.error({ title: apiErrorMessage(error) });
    }
  };

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.manageStores.title}
        description="Your stores, their details and the QR codes customers scan."
        actions={
          <>
            {enrol.allowed && (
              <Button
                {...enrol.attrs}
                variant="outline"
                onClick={selectStoreDialog.open}
                disabled={list.length === 0}
              >
                <LuTabletSmartphone aria-hidden /> Open a store for reviews
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to={paths.business.structure.path}>
                <LuNetwork aria-hidden /> Structure
              </Link>
            </Button>
            <Button {...kiosks.attrs} variant="outline" onClick={() => setDialog({ kind: 'kiosks' })}>
              <LuMonitorSmartphone aria-hidden /> Kiosk tablets
            </Button>
            {importing.allowed && (
              <Button {...importing.attrs} variant="outline" onClick={() => setDialog({ kind: 'import' })}>
                <LuUpload aria-hidden /> Import stores
              </Button>
            )}
            {adding.allowed && (
              <Button {...adding.attrs} colorPalette="brand" onClick={() => setDialog({ kind: 'create' })}>
                <LuPlus aria-hidden /> Add store
              </Button>
            )}
          </>
        }
      />

      <QueryStates
        query={stores}
        loading={{ label: 'Loading stores', rows: 3, height: '40' }}
        what="your stores"
        isEmpty={list.length === 0}
        empty={
          <EmptyList
            icon={<LuStore />}
            title="No stores yet"
            description={
              adding.allowed
                ? 'Add your first store to get its QR code and start collecting feedback.'
                : `${adding.reason}: ask them to add your stores.`
            }
            action={
              adding.allowed && (
                <Button {...adding.attrs} colorPalette="brand" onClick={() => setDialog({ kind: 'create' })}>
                  <LuPlus aria-hidden /> Add store
                </Button>
              )
            }
          />
        }
      >
        {() => (
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
            {list.map((store) => (
              <StoreCard
                key={store._id}
                store={store}
                onEdit={() => setDialog({ kind: 'edit', store })}
                onDelete={() => setDialog({ kind: 'delete', store })}
                onBoard={canBoard ? () => setDialog({ kind: 'board', store }) : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryStates>

      <StoreFormDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        store={dialog?.kind === 'edit' ? dialog.store : undefined}
        onClose={() => setDialog(null)}
      />
      <KioskTabletsDialog open={dialog?.kind === 'kiosks'} onClose={() => setDialog(null)} />
      <ImportStoresDialog open={dialog?.kind === 'import'} onClose={() => setDialog(null)} />
      <BreakroomBoardDialog
        store={dialog?.kind === 'board' ? dialog.store : null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? `Delete ${dialog.store.name}?` : 'Delete store?'}
        confirmLabel="Delete store"
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.store)}
        onClose={() => setDialog(null)}
      >
        <Text>
          The store leaves your dashboard, its QR code stops working and its upcoming shifts are removed. Its
          ratings are kept for your reports.
        </Text>
      </ConfirmDialog>
    </section>
  );
}
