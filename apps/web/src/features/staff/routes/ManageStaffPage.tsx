// /manage-staff: search and filter staff by store and status; add, edit (with photo), deactivate and delete.
import { Button, Field, Flex, Input, InputGroup, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { TStaff } from '@cx/contracts';
import { useState } from 'react';
import { LuPlus, LuSearch, LuStore, LuUsers } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { StoreSelect } from '@/components/StoreSelect';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { useStores } from '@/lib/stores-query';
import { useStaffList, useStaffMutations } from '../api/staff';
import { StaffFormDialog } from '../components/StaffFormDialog';
import { StaffRow } from '../components/StaffRow';

type TStatus = 'all' | 'active' | 'inactive';
type TDialog =
  { kind: 'create' } | { kind: 'edit'; member: TStaff } | { kind: 'delete'; member: TStaff } | null;

export function ManageStaffPage() {
  const stores = useStores();
  const [search, setSearch] = useState('');
  const [store, setStore] = useState('');
  const [status, setStatus] = useState<TStatus>('all');
  const q = useDebouncedValue(search.trim());
  const staff = useStaffList({ q: q || undefined, store: store || undefined, status });
  const { update, remove } = useStaffMutations();
  const [dialog, setDialog] = useState<TDialog>(null);
  const add = useAction('staff.create');
  const storeList = stores.data?.body.stores ?? [];
  const members = staff.data?.body.staff ?? [];
  const filtered = Boolean(q || store || status !== 'all');

  const toggleActive = async (member: TStaff) => {
    try {
      const res = await update.mutateAsync({ params: { id: member._id }, body: { active: !member.active } });
      toaster.success({ title: res.body.message });
    } catch (error) {
      toaster.error({ title: apiErrorMessage(error) });
    }
  };
  const confirmDelete = async (member: TStaff) => {
    try {
      const res = await remove.mutateAsync({ params: { id: member._id } });
      toaster.success({ title: res.body.message });
      setDialog(null);
    } catch (error) {
      toaster.error({ title: apiErrorMessage(error) });
    }
  };

  const noStores = stores.isSuccess && storeList.length === 0;
  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.manageStaff.title}
        description="The people who work at your stores. Customers rate them by name and photo."
        actions={
          add.allowed && (
            <Button
              {...add.attrs}
              colorPalette="brand"
              onClick={() => setDialog({ kind: 'create' })}
              disabled={!stores.isSuccess || noStores}
            >
              <LuPlus aria-hidden /> Add staff member
            </Button>
          )
        }
      />

      {noStores ? (
        <EmptyList
          icon={<LuStore />}
          title="Add a store first"
          description="Staff members work at one or more of your stores."
          goTo={{ to: paths.business.manageStores.path, label: 'Go to Manage Stores' }}
        />
      ) : (
        <Stack gap="5">
          <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} role="search">
            <Field.Root flex="1">
              <Field.Label>Search</Field.Label>
              <InputGroup startElement={<LuSearch aria-hidden />}>
                <Input
                  type="search"
                  placeholder="Name or role"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
              </InputGroup>
            </Field.Root>
            <StoreSelect stores={storeList} value={store} onChange={setStore} allLabel="All stores" />
            <Field.Root maxW={{ base: 'full', md: '44' }}>
              <Field.Label>Status</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={status}
                  onChange={(e) => setStatus(e.currentTarget.value as TStatus)}
                >
                  <option value="all">All</option>
                  <option value="active">Active</option>
                  <option value="inactive">Inactive</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Flex>

          <QueryStates
            query={staff}
            loading={{ label: 'Loading staff', rows: 4, height: '20' }}
            what="your staff"
            isEmpty={members.length === 0}
            empty={
              filtered ? (
                <Text color="fg.muted" py="6" textAlign="center" role="status">
                  No staff match these filters.
                </Text>
              ) : (
                <EmptyList
                  icon={<LuUsers />}
                  title="No staff yet"
                  description="Add the people who work at your stores so customers can rate them."
                  action={
                    add.allowed && (
                      <Button
                        {...add.attrs}
                        colorPalette="brand"
                        onClick={() => setDialog({ kind: 'create' })}
                      >
                        <LuPlus aria-hidden /> Add staff member
                      </Button>
                    )
                  }
                />
              )
            }
          >
            {() => (
              <Stack as="ul" gap="3" aria-label="Staff" listStyleType="none">
                {members.map((member) => (
                  <StaffRow
                    key={member._id}
                    member={member}
                    busy={update.isPending && update.variables?.params.id === member._id}
                    onEdit={() => setDialog({ kind: 'edit', member })}
                    onToggleActive={() => void toggleActive(member)}
                    onDelete={() => setDialog({ kind: 'delete', member })}
                  />
                ))}
              </Stack>
            )}
          </QueryStates>
        </Stack>
      )}

      <StaffFormDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        member={dialog?.kind === 'edit' ? dialog.member : undefined}
        stores={storeList}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? `Delete ${dialog.member.name}?` : 'Delete staff member?'}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.member)}
        onClose={() => setDialog(null)}
      >
        <Text>
          They leave your staff list and their upcoming shifts are removed. Their ratings and past shifts are
          kept for your reports. To keep them on file instead, deactivate them.
        </Text>
      </ConfirmDialog>
    </section>
  );
}
