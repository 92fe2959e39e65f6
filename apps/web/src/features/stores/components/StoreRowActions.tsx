// A store table row's actions (edit, board, delete, downloads and preview), each gated by its contract route (#36).
import { HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import type { TStore } from '@cx/contracts';
import { useState } from 'react';
import { LuEllipsisVertical, LuExternalLink, LuMonitor, LuPencil, LuQrCode, LuTrash2 } from 'react-icons/lu';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { noRouteAttrs, useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { downloadStoreFile, type TStoreDownload } from '../api/stores';

/** Downloads and the preview; actions that open a dialog are buttons on the row (a menu closing would hand focus back
 * to its trigger, outside the new dialog). */
function RowMenu({ store }: { store: TStore }) {
  const [busy, setBusy] = useState(false);
  const qr = useAction('stores.poster', store._id);
  const select = async (value: string) => {
    if (value === 'preview') return;
    setBusy(true);
    try {
      await downloadStoreFile(store._id, value as TStoreDownload);
    } catch (error) {
      toaster.error({ title: apiErrorMessage(error, 'The download failed. Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu.Root onSelect={(d) => void select(d.value)}>
      <Menu.Trigger asChild>
        <IconButton
          {...noRouteAttrs}
          size="sm"
          variant="ghost"
          loading={busy}
          aria-label={`More actions for ${store.name}`}
          title="More actions"
        >
          <LuEllipsisVertical aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="preview" asChild {...noRouteAttrs}>
              <a
                href={paths.customer.rateStaff.getPreviewHref(store._id)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <LuExternalLink aria-hidden /> Preview as a customer
              </a>
            </Menu.Item>
            {qr.allowed && (
              <>
                <Menu.Item value="qr-png" {...qr.attrs}>
                  <LuQrCode aria-hidden /> Download QR code (PNG)
                </Menu.Item>
                <Menu.Item value="qr-svg" {...qr.attrs}>
                  <LuQrCode aria-hidden /> Download QR code (SVG)
                </Menu.Item>
                <Menu.Item value="poster" {...qr.attrs}>
                  <LuQrCode aria-hidden /> Download A4 poster (PDF)
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * Edit, board, delete and the menu, each shown only to a member whose role and stores the route admits (#36). Icon
 * buttons named for the store, each with its tooltip: four of them fit the 1280 px table beside long names.
 */
export type TRowActionHandlers = {
  onEdit: (store: TStore) => void;
  onDelete: (store: TStore) => void;
  onBoard?: (store: TStore) => void;
};

export function RowActions({ store, actions }: { store: TStore; actions: TRowActionHandlers }) {
  const edit = useAction('stores.update', store._id);
  const board = useAction('boards.create');
  const remove = useAction('stores.remove', store._id);
  return (
    <HStack gap="1" justify="flex-end">
      {edit.allowed && (
        <IconButton
          {...edit.attrs}
          size="sm"
          variant="outline"
          onClick={() => actions.onEdit(store)}
          aria-label={`Edit ${store.name}`}
          title="Edit"
        >
          <LuPencil aria-hidden />
        </IconButton>
      )}
      {actions.onBoard && board.allowed ? (
        <IconButton
          {...board.attrs}
          size="sm"
          variant="ghost"
          onClick={() => actions.onBoard?.(store)}
          aria-label={`Breakroom board for ${store.name}`}
          title="Breakroom board"
        >
          <LuMonitor aria-hidden />
        </IconButton>
      ) : null}
      {remove.allowed && (
        <IconButton
          {...remove.attrs}
          size="sm"
          variant="ghost"
          colorPalette="red"
          onClick={() => actions.onDelete(store)}
          aria-label={`Delete ${store.name}`}
          title="Delete"
        >
          <LuTrash2 aria-hidden />
        </IconButton>
      )}
      <RowMenu store={store} />
    </HStack>
  );
}
