// "Open a store for reviews": says first that it turns this device into the store's kiosk, then opens Select Store.
import { Button, List, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTabletSmartphone } from 'react-icons/lu';
import { useAction } from '@/lib/actions';
import { selectStoreDialog } from '@/lib/select-store-dialog';
import { ConfirmDialog } from './ConfirmDialog';

export const KIOSK_CONFIRM_TITLE = 'Turn this device into a kiosk?';

export function OpenForReviewsButton({ disabled }: { disabled?: boolean }) {
  const [asking, setAsking] = useState(false);
  // Enrolling a kiosk is a member action like any other: a role without it sees no button (#36).
  const enrol = useAction('kiosks.enrol');
  if (!enrol.allowed) return null;
  return (
    <>
      <Button {...enrol.attrs} variant="outline" onClick={() => setAsking(true)} disabled={disabled}>
        <LuTabletSmartphone aria-hidden /> Open a store for reviews
      </Button>
      <ConfirmDialog
        open={asking}
        title={KIOSK_CONFIRM_TITLE}
        confirmLabel="Yes, make this a kiosk"
        onClose={() => setAsking(false)}
        restoreFocus={false}
        onConfirm={() => {
          setAsking(false);
          // After this dialog has gone: Select Store takes the focus, and nothing hands it back to the page under it.
          setTimeout(selectStoreDialog.open, 0);
        }}
      >
        <Text mb="3">
          This is for the tablet that stays in the store. After you pick a store, this device becomes its
          review kiosk:
        </Text>
        <List.Root gap="1" ps="5">
          <List.Item>you are signed out here and this browser&apos;s saved data is cleared;</List.Item>
          <List.Item>it is enrolled as a kiosk, so its ratings count as in-store kiosk ratings;</List.Item>
          <List.Item>customers rate on it, and it returns to the start after each one.</List.Item>
        </List.Root>
        <Text mt="3" color="fg.muted" fontSize="sm">
          To see the customer pages without changing this device, use “Preview as a customer” on a store
          instead.
        </Text>
      </ConfirmDialog>
    </>
  );
}
