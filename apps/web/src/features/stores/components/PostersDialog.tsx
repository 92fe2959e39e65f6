// "Download posters": one PDF with a poster page per store (its QR and the chain's logo) for the selected stores, an
// area, or every store the member covers; fetched with the session token and handed to the browser as a file.
import { Dialog, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { AreaPicker } from '@/components/AreaPicker';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { RadioItems } from '@/components/RadioItems';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { tsr } from '@/lib/api-client';
import { useAreas } from '../api/areas';

type TWhich = 'selected' | 'all' | 'area';

/** Downloads the posters PDF for these stores or areas (none: every store the member covers). */
export async function downloadPosters(query: { stores?: string; areas?: string }): Promise<void> {
  const res = await tsr.brand.posters.query({ query: { ...query, download: '1' } });
  if (res.status !== 200) throw res;
  const body = res.body instanceof Blob ? res.body : new Blob([res.body as BlobPart], { type: 'application/pdf' });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'posters.pdf';
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

export type TPostersDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The stores ticked in the list, when the list offers a selection. */
  selected?: string[];
};

export function PostersDialog({ open, onClose, selected = [] }: TPostersDialogProps) {
  const areas = useAreas();
  const areaList = areas.data?.body.areas ?? [];
  const [which, setWhich] = useState<TWhich>(selected.length ? 'selected' : 'all');
  const [area, setArea] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = [
    ...(selected.length ? [{ value: 'selected', label: `Selected stores (${selected.length})` }] : []),
    { value: 'all', label: 'All my stores' },
    ...(areaList.length ? [{ value: 'area', label: 'An area' }] : []),
  ];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (which === 'area' && !area) {
      setError('Choose an area');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await downloadPosters(
        which === 'selected' ? { stores: selected.join(',') } : which === 'area' ? { areas: area } : {},
      );
      toaster.success({ title: 'Posters downloaded' });
      onClose();
    } catch (err) {
      setError(apiErrorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogShell open={open} onClose={onClose} title="Download posters" size={{ base: 'full', sm: 'md' }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Text color="fg.muted">
              One PDF with an A4 poster per store: its QR code, its name and your logo. Print it and put each page up
              in its store.
            </Text>
            <FormErrorAlert message={error} role="alert" />
            <RadioGroup.Root value={which} onValueChange={(e) => setWhich(e.value as TWhich)} aria-label="Which stores">
              <RadioItems options={options} />
            </RadioGroup.Root>
            {which === 'area' ? (
              <AreaPicker areas={areaList} value={area} onChange={setArea} label="Area" allLabel="Choose an area" />
            ) : null}
          </Stack>
        </Dialog.Body>
        <FormDialogFooter submitLabel="Download PDF" pending={pending} />
      </form>
    </DialogShell>
  );
}
