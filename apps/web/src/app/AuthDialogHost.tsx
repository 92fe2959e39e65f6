// Renders the auth dialog opened through lib/auth-dialog. The auth feature's login/sign-up/plans panels plug in here.
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { authDialog, useAuthDialogView } from '@/lib/auth-dialog';

const TITLES = { login: 'Log in', plans: 'Get Reviews' } as const;

export function AuthDialogHost() {
  const view = useAuthDialogView();
  return (
    <Dialog.Root
      open={view !== null}
      onOpenChange={(details) => {
        if (!details.open) authDialog.close();
      }}
      placement="center"
      size={{ base: 'full', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{view ? TITLES[view] : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">
                {view === 'plans'
                  ? 'Choose a plan to start collecting reviews from your customers.'
                  : 'Log in to your CX Journey dashboard.'}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
