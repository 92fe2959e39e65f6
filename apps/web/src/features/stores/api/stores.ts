// Store mutations (each invalidates the store list) and the token-protected QR/poster downloads.
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import { invalidateStoreData } from '@/lib/stores-query';

export function useSaveStore() {
  const queryClient = useQueryClient();
  const onSettled = () => invalidateStoreData(queryClient);
  return {
    create: tsr.stores.create.useMutation({ onSettled }),
    update: tsr.stores.update.useMutation({ onSettled }),
    uploadImage: tsr.stores.uploadImage.useMutation({ onSettled }),
  };
}

export function useDeleteStore() {
  const queryClient = useQueryClient();
  return tsr.stores.remove.useMutation({ onSettled: () => invalidateStoreData(queryClient) });
}

export type TStoreDownload = 'qr-png' | 'qr-svg' | 'poster';

/** Fetches the file with the session token (an <a href> cannot send it) and hands it to the browser as a download. */
export async function downloadStoreFile(storeId: string, kind: TStoreDownload): Promise<void> {
  const params = { id: storeId };
  const res =
    kind === 'qr-png'
      ? await tsr.stores.qrPng.query({ params, query: { size: '1024', download: '1' } })
      : kind === 'qr-svg'
        ? await tsr.stores.qrSvg.query({ params, query: { download: '1' } })
        : await tsr.stores.poster.query({ params, query: { download: '1' } });
  if (res.status !== 200) throw res;
  const body = res.body instanceof Blob ? res.body : new Blob([String(res.body)], { type: 'image/svg+xml' });
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `store-${kind}`;
  const url = URL.createObjectURL(body);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
