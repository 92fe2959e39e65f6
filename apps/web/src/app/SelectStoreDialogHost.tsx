// Hosts the Select Store dialog opened through lib/select-store-dialog; its code loads on first opening.
import { lazy, Suspense, useState } from 'react';
import { selectStoreDialog, useSelectStoreDialogOpen } from '@/lib/select-store-dialog';

const SelectStoreDialog = lazy(() => import('@/features/interfaces/components/SelectStoreDialog'));

export function SelectStoreDialogHost() {
  const open = useSelectStoreDialogOpen();
  const [everOpened, setEverOpened] = useState(false);
  if (open && !everOpened) setEverOpened(true);
  return everOpened ? (
    <Suspense fallback={null}>
      <SelectStoreDialog open={open} onClose={selectStoreDialog.close} />
    </Suspense>
  ) : null;
}
