// "Move to…": the keyboard way to move an area or stores (drag and drop is the pointer way); lists the allowed areas.
import { Box, Button, IconButton, Menu, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuFolderInput } from 'react-icons/lu';
import { routeAttrs, type TRouteId } from '@/lib/actions';
import type { TTreeNode } from './tree';

export type TMoveToMenuProps = {
  /** The areas it may go to, in tree order. */
  targets: TTreeNode[];
  onMove: (areaId: string) => void;
  /** Accessible name of the trigger, e.g. "Move Soho to…". */
  label: string;
  /** A text button instead of an icon-only one. */
  children?: ReactNode;
  disabled?: boolean;
  /** The contract route a move calls (areas.update for an area, stores.update for stores). */
  route: TRouteId;
};

export function MoveToMenu({ targets, onMove, label, children, disabled, route }: TMoveToMenuProps) {
  return (
    <Menu.Root onSelect={(d) => onMove(d.value)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {children ? (
          <Button
            {...routeAttrs(route)}
            size="sm"
            variant="outline"
            aria-label={label}
            disabled={disabled || targets.length === 0}
          >
            {children}
          </Button>
        ) : (
          <IconButton
            {...routeAttrs(route)}
            size="xs"
            variant="ghost"
            aria-label={label}
            disabled={disabled || targets.length === 0}
          >
            <LuFolderInput aria-hidden />
          </IconButton>
        )}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="60vh" overflowY="auto" minW="14rem">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Move to</Menu.ItemGroupLabel>
              {targets.map((node) => (
                <Menu.Item key={node.area._id} value={node.area._id}>
                  <Box as="span" ps={`${node.depth * 0.75}rem`}>
                    {node.area.name}
                  </Box>
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
