// The Edit and Delete buttons a list item (staff row, store card) offers, named after the item for screen readers.
import { Button } from '@chakra-ui/react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';

type TItemActionProps = {
  onClick: () => void;
  /** When set, the accessible name becomes "Edit <name>" / "Delete <name>" (a list has many of each). */
  itemName?: string;
};

export function EditButton({ onClick, itemName }: TItemActionProps) {
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={onClick}
      {...(itemName !== undefined ? { 'aria-label': `Edit ${itemName}` } : {})}
    >
      <LuPencil aria-hidden /> Edit
    </Button>
  );
}

export function DeleteButton({ onClick, itemName }: TItemActionProps) {
  return (
    <Button
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
