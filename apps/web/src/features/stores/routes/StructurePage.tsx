// /manage-stores/structure: the location tree (top area › regions › districts › stores); Owner/Admin add, rename,
// delete and move areas and stores, by drag and drop or the "Move to…" menus, and move several stores at once.
import { Box, Button, Card, Flex, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuArrowLeft, LuFolderPlus, LuNetwork } from 'react-icons/lu';
import { Link } from 'react-router';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { useAccess } from '@/lib/role';
import { useStores } from '@/lib/stores-query';
import { useAreaChanges, useAreas, useMoveStores } from '../api/areas';
import { AreaNameDialog, DeleteAreaDialog, type TNameDialog } from '../components/structure/AreaDialogs';
import { AreaSettingsDialog } from '../components/structure/AreaSettingsDialog';
import { AreaTree, type TTreeActions } from '../components/structure/AreaTree';
import { MoveToMenu } from '../components/structure/MoveToMenu';
import { buildTree, flatten, type TMovable, type TTreeNode } from '../components/structure/tree';
import { routeAttrs } from '@/lib/actions';

export function StructurePage() {
  const areas = useAreas();
  const stores = useStores();
  const canEdit = useAccess().can('areas:manage');
  const { update } = useAreaChanges();
  const moveStores = useMoveStores();
  const [nameDialog, setNameDialog] = useState<TNameDialog | null>(null);
  const [deleting, setDeleting] = useState<TTreeNode | null>(null);
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const root = useMemo(
    () => buildTree(areas.data?.body.areas ?? [], stores.data?.body.stores ?? []),
    [areas.data, stores.data],
  );
  const query = {
    isPending: areas.isPending || stores.isPending,
    isError: areas.isError || stores.isError,
    error: areas.error ?? stores.error,
    refetch: () => Promise.all([areas.refetch(), stores.refetch()]),
  };
  const areaName = (id: string) => areas.data?.body.areas.find((a) => a._id === id)?.name ?? 'the area';

  const move = async (item: TMovable, to: string) => {
    try {
      if (item.kind === 'area') await update.mutateAsync({ params: { id: item.id }, body: { parent: to } });
      else await moveStores.move([item.id], to);
      toaster.success({ title: `Moved ${item.name} to ${areaName(to)}` });
    } catch (err) {
      toaster.error({ title: apiErrorMessage(err) });
    }
  };
  const moveSelected = async (to: string) => {
    const ids = [...selected];
    try {
      await moveStores.move(ids, to);
      toaster.success({
        title: `Moved ${ids.length} ${ids.length === 1 ? 'store' : 'stores'} to ${areaName(to)}`,
      });
      setSelected(new Set());
    } catch (err) {
      toaster.error({ title: apiErrorMessage(err) });
    }
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const actions: TTreeActions = {
    canEdit,
    selected,
    onToggleStore: toggle,
    onMove: (item, to) => void move(item, to),
    onAdd: (parent) => setNameDialog({ kind: 'add', parent }),
    onRename: (node) => setNameDialog({ kind: 'rename', node }),
    onDelete: setDeleting,
    ...(canEdit ? { onSettings: (node: TTreeNode) => setSettingsOf(node.area._id) } : {}),
  };
  const isEmpty = root !== null && root.children.length === 0 && root.stores.length === 0;

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.structure.title}
        description="Regions and districts group your stores; figures, access and settings follow the tree."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.business.manageStores.path}>
                <LuArrowLeft aria-hidden /> Stores
              </Link>
            </Button>
            {canEdit && root ? (
              <Button
                {...routeAttrs('areas.create')}
                colorPalette="brand"
                onClick={() => setNameDialog({ kind: 'add', parent: root })}
              >
                <LuFolderPlus aria-hidden /> Add area
              </Button>
            ) : null}
          </>
        }
      />

      <QueryStates
        query={query}
        loading={{ label: 'Loading the structure', rows: 4, height: '10' }}
        what="your structure"
        isEmpty={isEmpty || root === null}
        empty={
          <EmptyList
            icon={<LuNetwork />}
            title="No areas or stores yet"
            description="Add regions and districts, then place your stores in them."
            action={
              canEdit && root ? (
                <Button
                  {...routeAttrs('areas.create')}
                  colorPalette="brand"
                  onClick={() => setNameDialog({ kind: 'add', parent: root })}
                >
                  <LuFolderPlus aria-hidden /> Add area
                </Button>
              ) : undefined
            }
          />
        }
      >
        {() => (
          <Card.Root>
            <Card.Body p={{ base: '2', md: '4' }}>
              {canEdit && selected.size > 0 ? (
                <Flex
                  role="region"
                  aria-label="Selected stores"
                  gap="2"
                  align="center"
                  wrap="wrap"
                  mb="3"
                  p="2"
                  rounded="md"
                  bg="brand.subtle"
                  position="sticky"
                  top="0"
                  zIndex="1"
                >
                  <Text fontWeight="medium">
                    {selected.size} {selected.size === 1 ? 'store' : 'stores'} selected
                  </Text>
                  <Box ms="auto" display="flex" gap="2">
                    <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                      Clear
                    </Button>
                    <MoveToMenu
                      route="stores.update"
                      label="Move to area"
                      targets={flatten(root!)}
                      onMove={(to) => void moveSelected(to)}
                      disabled={moveStores.pending}
                    >
                      Move to area
                    </MoveToMenu>
                  </Box>
                </Flex>
              ) : null}
              <AreaTree root={root!} actions={actions} />
            </Card.Body>
          </Card.Root>
        )}
      </QueryStates>

      <AreaNameDialog dialog={nameDialog} onClose={() => setNameDialog(null)} />
      <DeleteAreaDialog node={deleting} onClose={() => setDeleting(null)} />
      <AreaSettingsDialog
        area={areas.data?.body.areas.find((a) => a._id === settingsOf) ?? null}
        onClose={() => setSettingsOf(null)}
      />
    </section>
  );
}
