// A store's QR/poster downloads menu and its "Preview as a customer" link, shared by the table rows and the cards.
import { Button, Menu, Portal } from '@chakra-ui/react';
import type { TStore } from '@cx/contracts';
import { useState } from 'react';
import { LuChevronDown, LuExternalLink, LuQrCode } from 'react-icons/lu';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { noRouteAttrs, useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { downloadStoreFile, type TStoreDownload } from '../api/stores';

const DOWNLOADS: Array<{ value: TStoreDownload; label: string }> = [
  { value: 'qr-png', label: 'QR code (PNG)' },
  { value: 'qr-svg', label: 'QR code (SVG)' },
  { value: 'poster', label: 'A4 poster (PDF)' },
];

export function StoreDownloads({ store, compact }: { store: TStore; compact?: boolean }) {
  const [downloading, setDownloading] = useState(false);
  // The QR files and poster are behind stores:write (they hand out the store's rating link) (#36).
  const qr = useAction('stores.poster', store._id);
  const download = async (kind: TStoreDownload) => {
    setDownloading(true);
    try {
      await downloadStoreFile(store._id, kind);
    } catch (error) {
      toaster.error({ title: apiErrorMessage(error, 'The download failed. Please try again.') });
    } finally {
      setDownloading(false);
    }
  };
  if (!qr.allowed) return null;
  return (
    <Menu.Root onSelect={(d) => void download(d.value as TStoreDownload)}>
      <Menu.Trigger asChild>
        <Button
          {...qr.attrs}
          size="sm"
          variant="outline"
          loading={downloading}
          aria-label={`QR & poster for ${store.name}`}
        >
          <LuQrCode aria-hidden /> {compact ? 'QR' : <>QR &amp; poster</>} <LuChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {DOWNLOADS.map((d) => (
              <Menu.Item key={d.value} value={d.value}>
                Download {d.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** Opens the store's QR page in a new tab, marked as a preview there (it counts and stores nothing). */
export function PreviewLink({ store }: { store: TStore }) {
  return (
    <Button asChild size="sm" variant="ghost">
      <a
        {...noRouteAttrs}
        href={paths.customer.rateStaff.getPreviewHref(store._id)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Preview ${store.name} as a customer (opens in a new tab)`}
      >
        <LuExternalLink aria-hidden /> Preview as a customer
      </a>
    </Button>
  );
}
