// The tree itself: areas with their stores nested, drag and drop to move (pointer), "Move to…" menus (keyboard).
import { Badge, Box, Checkbox, Flex, IconButton, Text } from '@chakra-ui/react';
import { useMemo, useState, type DragEvent } from 'react';
import {
  LuFolder,
  LuFolderPlus,
  LuGripVertical,
  LuPencil,
  LuSettings2,
  LuStore,
  LuTrash2,
} from 'react-icons/lu';
import { MoveToMenu } from './MoveToMenu';
import { moveTargets, storeCount, type TMovable, type TTreeNode } from './tree';
import { routeAttrs } from '@/lib/actions';

export type TTreeActions = {
  /** Owner/Admin: the edit controls, checkboxes and dragging. */
  canEdit: boolean;
  selected: ReadonlySet<string>;
  onToggleStore: (id: string) => void;
  onMove: (item: TMovable, areaId: string) => void;
  onAdd: (parent: TTreeNode) => void;
  onRename: (node: TTreeNode) => void;
  onDelete: (node: TTreeNode) => void;
  onSettings?: (node: TTreeNode) => void;
};

type TDrag = {
  dragging: TMovable | null;
  over: string | null;
  allowed: ReadonlySet<string>;
  start: (item: TMovable, event: DragEvent) => void;
  end: () => void;
  enter: (areaId: string, event: DragEvent) => void;
  drop: (areaId: string, event: DragEvent) => void;
};

const DRAG_TYPE = 'application/x-cx-structure';

export function AreaTree({ root, actions }: { root: TTreeNode; actions: TTreeActions }) {
  const [dragging, setDragging] = useState<TMovable | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const allowed = useMemo(
    () => new Set(dragging ? moveTargets(root, dragging).map((n) => n.area._id) : []),
    [root, dragging],
  );
  const drag: TDrag = {
    dragging,
    over,
    allowed,
    start: (item, event) => {
      event.stopPropagation();
      event.dataTransfer?.setData(DRAG_TYPE, JSON.stringify(item));
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
      setDragging(item);
    },
    end: () => {
      setDragging(null);
      setOver(null);
    },
    enter: (areaId, event) => {
      if (!dragging || !allowed.has(areaId)) return;
      event.preventDefault();
      event.stopPropagation();
      setOver(areaId);
    },
    drop: (areaId, event) => {
      event.preventDefault();
      event.stopPropagation();
      const item = dragging;
      drag.end();
      if (item && allowed.has(areaId)) actions.onMove(item, areaId);
    },
  };
  return (
    <Box as="ul" listStyleType="none" aria-label="Location tree">
      <AreaNode node={root} actions={actions} drag={drag} root={root} />
    </Box>
  );
}

function AreaNode({
  node,
  actions,
  drag,
  root,
}: {
  node: TTreeNode;
  actions: TTreeActions;
  drag: TDrag;
  root: TTreeNode;
}) {
  const { area } = node;
  const isTop = area.parent === null;
  const self: TMovable = { kind: 'area', id: area._id, name: area.name };
  const count = storeCount(node);
  const dropHere = drag.over === area._id;
  return (
    <Box as="li" aria-label={area.name}>
      <Flex
        align="center"
        gap="1.5"
        wrap="wrap"
        py="1.5"
        px="2"
        rounded="md"
        bg={dropHere ? 'brand.subtle' : isTop ? 'bg.muted' : undefined}
        outline={dropHere ? '2px dashed' : undefined}
        outlineColor="brand.solid"
        draggable={actions.canEdit && !isTop}
        data-testid={`area-row-${area._id}`}
        onDragStart={(e) => drag.start(self, e)}
        onDragEnd={drag.end}
        onDragEnter={(e) => drag.enter(area._id, e)}
        onDragOver={(e) => drag.enter(area._id, e)}
        onDrop={(e) => drag.drop(area._id, e)}
      >
        {actions.canEdit && !isTop ? (
          <Box as={LuGripVertical} aria-hidden color="fg.subtle" cursor="grab" flexShrink={0} />
        ) : null}
        <Box as={LuFolder} aria-hidden color="brand.solid" flexShrink={0} />
        <Text fontWeight="semibold" minW="0" truncate>
          {area.name}
        </Text>
        <Badge variant="subtle" flexShrink={0}>
          {count} {count === 1 ? 'store' : 'stores'}
        </Badge>
        <Flex ms="auto" gap="0.5">
          {actions.onSettings ? (
            <IconButton
              size="xs"
              variant="ghost"
              {...routeAttrs('areas.update')}
              aria-label={`Settings of ${area.name}`}
              onClick={() => actions.onSettings?.(node)}
            >
              <LuSettings2 aria-hidden />
            </IconButton>
          ) : null}
          {actions.canEdit ? (
            <>
              <IconButton
                size="xs"
                variant="ghost"
                {...routeAttrs('areas.create')}
                aria-label={`Add an area in ${area.name}`}
                onClick={() => actions.onAdd(node)}
              >
                <LuFolderPlus aria-hidden />
              </IconButton>
              <IconButton
                size="xs"
                variant="ghost"
                {...routeAttrs('areas.update')}
                aria-label={`Rename ${area.name}`}
                onClick={() => actions.onRename(node)}
              >
                <LuPencil aria-hidden />
              </IconButton>
              {isTop ? null : (
                <>
                  <MoveToMenu
                    route="areas.update"
                    label={`Move ${area.name} to…`}
                    targets={moveTargets(root, self)}
                    onMove={(to) => actions.onMove(self, to)}
                  />
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    {...routeAttrs('areas.remove')}
                    aria-label={`Delete ${area.name}`}
                    onClick={() => actions.onDelete(node)}
                  >
                    <LuTrash2 aria-hidden />
                  </IconButton>
                </>
              )}
            </>
          ) : null}
        </Flex>
      </Flex>
      {node.children.length || node.stores.length ? (
        <Box as="ul" listStyleType="none" ps={{ base: '3', md: '6' }} ms="2" borderStartWidth="1px">
          {node.children.map((child) => (
            <AreaNode key={child.area._id} node={child} actions={actions} drag={drag} root={root} />
          ))}
          {node.stores.map((store) => {
            const item: TMovable = { kind: 'store', id: store._id, name: store.name };
            return (
              <Flex
                as="li"
                key={store._id}
                aria-label={store.name}
                align="center"
                gap="2"
                py="1"
                px="2"
                draggable={actions.canEdit}
                onDragStart={(e) => drag.start(item, e)}
                onDragEnd={drag.end}
              >
                {actions.canEdit ? (
                  <Checkbox.Root
                    size="sm"
                    checked={actions.selected.has(store._id)}
                    onCheckedChange={() => actions.onToggleStore(store._id)}
                  >
                    <Checkbox.HiddenInput aria-label={`Select ${store.name}`} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                ) : null}
                <Box as={LuStore} aria-hidden color="fg.muted" flexShrink={0} />
                <Text minW="0" truncate flex="1">
                  {store.name}
                </Text>
                {actions.canEdit ? (
                  <MoveToMenu
                    route="stores.update"
                    label={`Move ${store.name} to…`}
                    targets={moveTargets(root, item)}
                    onMove={(to) => actions.onMove(item, to)}
                  />
                ) : null}
              </Flex>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
