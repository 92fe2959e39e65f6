// A yes/no dialog for destructive actions: says what will happen, confirms with a red button, shows a spinner meanwhile.
import { Button, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogShell } from './DialogShell';

export type TConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** False when confirming opens another dialog: focus going back to the trigger would dismiss that one. */
  restoreFocus?: boolean;
};

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
  restoreFocus,
}: TConfirmDialogProps) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={title}
      role="alertdialog"
      positionerProps={{ px: '4' }}
      restoreFocus={restoreFocus}
    >
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button colorPalette="red" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
