// /manage-stores: the business's stores as a searchable, sortable table (or cards) with bulk changes, create/edit,
// delete (ratings kept), QR downloads, a customer preview and Select Store.
import { Button, SimpleGrid, Text } from '@chakra-ui/react';
import type { TStore } from '@cx/contracts';
import { useMemo, useState } from 'react';
import {
  LuFileDown,
  LuMonitorSmartphone,
  LuNetwork,
  LuPalette,
  LuPlus,
  LuStore,
  LuUpload,
} from 'react-icons/lu';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { OpenForReviewsButton } from '@/components/OpenForReviewsButton';
import { useStores } from '@/lib/stores-query';
import { useAreas } from '../api/areas';
import { useDeleteStore } from '../api/stores';
import { BulkHoursDialog, BulkInterfacesDialog } from '../components/BulkDialogs';
import { StoreCard } from '../components/StoreCard';
import { StoreListToolbar } from '../components/StoreListToolbar';
import { StoreTable } from '../components/StoreTable';
import { nextSort, searchStores, sortStores, type TStoreSortState } from '../components/store-table';
import { useStoreView } from '../components/use-store-view';
import { KioskTabletsDialog } from '../components/KioskTabletsDialog';
import { StoreFormDialog } from '../components/StoreFormDialog';
import { ImportStoresDialog } from '../components/ImportStoresDialog';
import { PostersDialog } from '../components/PostersDialog';
import { BreakroomBoardDialog } from '@/features/boards/components/BreakroomBoardDialog';
import { useAccess } from '@/lib/role';
import { useAction } from '@/lib/actions';

type TDialog =
  | { kind: 'create' }
  | { kind: 'edit'; store: TStore }
  | { kind: 'delete'; store: TStore }
  | { kind: 'kiosks' }
  | { kind: 'import' }
  | { kind: 'posters' }
  | { kind: 'board'; store: TStore }
  | { kind: 'bulk-interfaces' }
  | { kind: 'bulk-hours' }
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
  const posters = useAction('brand.posters');
  const list = useMemo(() => stores.data?.body.stores ?? [], [stores.data]);
  const areaList = useAreas().data?.body.areas;
  const areas = useMemo(() => new Map((areaList ?? []).map((a) => [a._id, a.name])), [areaList]);
  const [view, setView] = useStoreView();
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<TStoreSortState>({ sort: 'name', order: 'asc' });
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // A store deleted (or no longer covered) drops out of the selection by itself.
  const selected = useMemo(
    () => new Set(list.filter((s) => picked.has(s._id)).map((s) => s._id)),
    [list, picked],
  );
  const shown = useMemo(() => sortStores(searchStores(list, q, areas), sort, areas), [list, q, sort, areas]);
  const select = (ids: string[], on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

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
            <OpenForReviewsButton disabled={list.length === 0} />
            <Button asChild variant="outline">
              <Link to={paths.business.structure.path}>
                <LuNetwork aria-hidden /> Structure
              </Link>
            </Button>
            {posters.allowed && (
              <Button
                {...posters.attrs}
                variant="outline"
                onClick={() => setDialog({ kind: 'posters' })}
                disabled={list.length === 0}
              >
                <LuFileDown aria-hidden /> Download posters
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to={paths.business.brand.path}>
                <LuPalette aria-hidden /> Brand
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
          <>
            <StoreListToolbar
              q={q}
              onQ={setQ}
              view={view}
              onView={setView}
              shown={shown.length}
              total={list.length}
              selected={selected.size}
              onClearSelection={() => setPicked(new Set())}
              onBulkInterfaces={() => setDialog({ kind: 'bulk-interfaces' })}
              onBulkHours={() => setDialog({ kind: 'bulk-hours' })}
              sort={sort}
              onSort={setSort}
            />
            {shown.length === 0 ? (
              <EmptyList
                icon={<LuStore />}
                title="No store found"
                description={`Nothing matches “${q.trim()}”.`}
              />
            ) : view === 'table' ? (
              <StoreTable
                stores={shown}
                areas={areas}
                sort={sort}
                onSort={(column) => setSort((s) => nextSort(s, column))}
                selected={selected}
                onSelect={select}
                onEdit={(store) => setDialog({ kind: 'edit', store })}
                onDelete={(store) => setDialog({ kind: 'delete', store })}
                onBoard={canBoard ? (store) => setDialog({ kind: 'board', store }) : undefined}
              />
            ) : (
              <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
                {shown.map((store) => (
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
          </>
        )}
      </QueryStates>

      <StoreFormDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        store={dialog?.kind === 'edit' ? dialog.store : undefined}
        onClose={() => setDialog(null)}
      />
      {/* Mounted when opened, so each opening starts from the current selection and a fresh form. */}
      {dialog?.kind === 'bulk-interfaces' ? (
        <BulkInterfacesDialog open onClose={() => setDialog(null)} stores={list} selected={selected} />
      ) : null}
      {dialog?.kind === 'bulk-hours' ? (
        <BulkHoursDialog open onClose={() => setDialog(null)} stores={list} selected={selected} />
      ) : null}
      <KioskTabletsDialog open={dialog?.kind === 'kiosks'} onClose={() => setDialog(null)} />
      <ImportStoresDialog open={dialog?.kind === 'import'} onClose={() => setDialog(null)} />
      {dialog?.kind === 'posters' ? (
        <PostersDialog open onClose={() => setDialog(null)} selected={[...selected]} />
      ) : null}
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
