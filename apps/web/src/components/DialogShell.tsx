// The frame every dialog shares (backdrop, title, close button) and the pieces its forms repeat: error line, footer.
import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type TDialogShellProps = Pick<
  Dialog.RootProps,
  'size' | 'role' | 'scrollBehavior' | 'restoreFocus'
> & {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  positionerProps?: Dialog.PositionerProps;
  headerProps?: Dialog.HeaderProps;
  /** Shown under the title, inside the header. */
  headerExtra?: ReactNode;
  /** False while the dialog must not be left (the close button is hidden and closing is ignored). */
  closable?: boolean;
};

const BREAKPOINTS = ['sm', 'md', 'lg', 'xl', '2xl'] as const;

/**
 * A size like { base: 'full', sm: 'md' } is full screen on phones and a card from sm. Chakra's `full` size sets a
 * 100dvh min-height and a zero margin that the larger size does not undo, so the "card" would still fill the window's
 * height as a column: from the first larger breakpoint this puts back a content-sized, rounded, centred card.
 */
function cardFrom(size: TDialogShellProps['size']): Dialog.ContentProps {
  if (!size || typeof size !== 'object' || Array.isArray(size)) return {};
  const sizes = size as Partial<Record<'base' | (typeof BREAKPOINTS)[number], string>>;
  if (sizes.base !== 'full') return {};
  const from = BREAKPOINTS.find((bp) => sizes[bp] !== undefined && sizes[bp] !== 'full');
  if (!from) return {};
  return { minH: { [from]: 'auto' }, rounded: { [from]: 'l3' }, my: { [from]: 'auto' } };
}

export function DialogShell({
  open,
  onClose,
  title,
  children,
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
          <Dialog.Content {...cardFrom(rootProps.size)}>
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
