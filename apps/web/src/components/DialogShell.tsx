// The frame every dialog shares (backdrop, title, close button) and the pieces its forms repeat: error line, footer.
import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type TDialogShellProps = Pick<Dialog.RootProps, 'size' | 'role' | 'scrollBehavior'> & {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Full screen on phones; from sm a normal dialog (the responsive size keeps full's min-height, so reset it). */
  fullOnPhones?: boolean;
  positionerProps?: Dialog.PositionerProps;
  headerProps?: Dialog.HeaderProps;
  /** Shown under the title, inside the header. */
  headerExtra?: ReactNode;
  /** False while the dialog must not be left (the close button is hidden and closing is ignored). */
  closable?: boolean;
};

export function DialogShell({
  open,
  onClose,
  title,
  children,
  fullOnPhones = false,
  positionerProps,
  headerProps,
  headerExtra,
  closable = true,
  ...rootProps
}: TDialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && closable && onClose()}
      placement="center"
      {...rootProps}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner {...positionerProps}>
          <Dialog.Content {...(fullOnPhones ? { minH: { sm: 'auto' }, rounded: { sm: 'l3' } } : {})}>
            <Dialog.Header {...headerProps}>
              <Dialog.Title>{title}</Dialog.Title>
              {headerExtra}
            </Dialog.Header>
            {children}
            {closable ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close dialog" />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The server's refusal above a form's fields, or nothing. */
export function FormErrorAlert({ message, role }: { message: string | null; role?: string }) {
  return message ? (
    <Alert.Root status="error" role={role}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  ) : null;
}

export type TFormDialogFooterProps = {
  submitLabel: string;
  /** Disables Cancel (and spins the submit button unless `saving` says otherwise). */
  pending: boolean;
  saving?: boolean;
  /** A secondary action on the left (e.g. delete); the footer then spreads its two ends apart. */
  start?: ReactNode;
};

/** Cancel (closes the dialog) and the form's submit button. */
export function FormDialogFooter({ submitLabel, pending, saving = pending, start }: TFormDialogFooterProps) {
  const actions = (
    <>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </Dialog.ActionTrigger>
      <Button type="submit" colorPalette="brand" loading={saving}>
        {submitLabel}
      </Button>
    </>
  );
  if (start === undefined) return <Dialog.Footer>{actions}</Dialog.Footer>;
  return (
    <Dialog.Footer justifyContent="space-between">
      {start}
      <Stack direction="row">{actions}</Stack>
    </Dialog.Footer>
  );
}
