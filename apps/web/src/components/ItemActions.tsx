// The Edit and Delete buttons a list item (staff row, store card) offers, named after the item for screen readers;
// each names the contract route it leads to and is not shown to a member whose role or stores cannot use it (#36).
import { Button } from '@chakra-ui/react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { useAction, type TRouteId } from '@/lib/actions';

type TItemActionProps = {
  onClick: () => void;
  /** When set, the accessible name becomes "Edit <name>" / "Delete <name>" (a list has many of each). */
  itemName?: string;
  /** The contract route the button's dialog calls, and the store it acts on for a store-scoped route. */
  route: TRouteId;
  storeId?: string;
};

export function EditButton({ onClick, itemName, route, storeId }: TItemActionProps) {
  const action = useAction(route, storeId);
  if (!action.allowed) return null;
  return (
    <Button
      {...action.attrs}
      size="sm"
      variant="outline"
      onClick={onClick}
      {...(itemName !== undefined ? { 'aria-label': `Edit ${itemName}` } : {})}
    >
      <LuPencil aria-hidden /> Edit
    </Button>
  );
}

export function DeleteButton({ onClick, itemName, route, storeId }: TItemActionProps) {
  const action = useAction(route, storeId);
  if (!action.allowed) return null;
  return (
    <Button
      {...action.attrs}
      size="sm"
      variant="ghost"
      colorPalette="red"
      onClick={onClick}
      {...(itemName !== undefined ? { 'aria-label': `Delete ${itemName}` } : {})}
    >
      <LuTrash2 aria-hidden /> Delete
    </Button>
  );
}
