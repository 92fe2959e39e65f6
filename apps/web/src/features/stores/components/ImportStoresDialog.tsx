// "Import stores": choose a CSV, see the dry run (created, changed, moved, errors by line), confirm, read the totals.
import { Alert, Box, Button, Stack, Text } from '@chakra-ui/react';
import { STORE_IMPORT_TEMPLATE, type TStoreImportResult, type TStoreImportRow } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LuDownload } from 'react-icons/lu';
import { FileImportDialog, ImportRowsTable, useFileImport } from '@/components/FileImportDialog';
import { toaster } from '@/components/ui/toaster';
import { tsr } from '@/lib/api-client';
import { invalidateStoreData } from '@/lib/stores-query';

const STATUS_LABELS: Record<TStoreImportRow['status'], string> = {
  created: 'New store',
  changed: 'Changed',
  moved: 'Moved',
  unchanged: 'Unchanged',
  error: 'Error',
};

/** Offers the template as a file download (built in the browser: nothing to fetch). */
function downloadTemplate(): void {
  const url = URL.createObjectURL(new Blob([STORE_IMPORT_TEMPLATE], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'stores-template.csv';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const area = (path: string) => path || 'top level';

/** What a row does, in words: its errors, its move and its field changes. */
function rowDetail(row: TStoreImportRow): string[] {
  if (row.status === 'error') return row.errors.map((e) => `${e.field}: ${e.message}`);
  const lines = row.move ? [`Moves from ${area(row.move.from)} to ${area(row.move.to)}`] : [];
  for (const c of row.changes) {
    lines.push(
      row.status === 'created' ? `${c.field}: ${c.to}` : `${c.field}: ${c.from || '(blank)'} → ${c.to}`,
    );
  }
  return lines;
}

function Totals({ result }: { result: TStoreImportResult }) {
  const t = result.totals;
  return (
    <Text aria-live="polite" data-testid="import-totals">
      {t.rows} row{t.rows === 1 ? '' : 's'}: {t.created} new, {t.changed} changed, {t.moved} moved,{' '}
      {t.unchanged} unchanged
      {t.errors ? `, ${t.errors} with errors` : ''}
      {t.areasCreated ? ` · ${t.areasCreated} new areas` : ''}
    </Text>
  );
}

function ResultRows({ result }: { result: TStoreImportResult }) {
  const rows = result.rows.filter((r) => r.status !== 'unchanged');
  if (rows.length === 0) {
    return <Text color="fg.muted">Nothing to change: every store in the file is already as it says.</Text>;
  }
  return (
    <ImportRowsTable
      subjectHeader="Store"
      rows={rows.map((r) => ({
        line: r.line,
        subject: `${r.code || '—'}${r.name ? ` · ${r.name}` : ''}`,
        status: STATUS_LABELS[r.status],
        isError: r.status === 'error',
        details: rowDetail(r),
      }))}
    />
  );
}

export type TImportStoresDialogProps = { open: boolean; onClose: () => void };

export function ImportStoresDialog({ open, onClose }: TImportStoresDialogProps) {
  const queryClient = useQueryClient();
  const upload = tsr.stores.import.useMutation();
  const state = useFileImport<TStoreImportResult>({
    fileRequired: 'Choose a CSV file to import',
    // A 409 means the stores changed since the dry run: its table no longer holds, so it goes.
    dropPreviewOnConfirmError: true,
    async send(file, dryRun, shown) {
      const body = new FormData();
      body.append('dryRun', String(dryRun));
      if (!dryRun && shown) body.append('plan', shown.plan);
      body.append('file', file);
      const res = await upload.mutateAsync({ body });
      if (res.body.applied) {
        toaster.success({ title: res.body.message });
        void invalidateStoreData(queryClient);
      }
      return res.body;
    },
  });
  const { result } = state;
  const applied = result?.applied === true;
  const changes = result ? result.totals.created + result.totals.changed + result.totals.moved : 0;
  const canConfirm = !!result && !applied && result.totals.errors === 0 && changes > 0;

  return (
    <FileImportDialog
      state={state}
      open={open}
      onClose={onClose}
      title="Import stores"
      intro={
        <>
          <Text>
            One row per store, keyed by your own store code: new codes add stores, known codes update them,
            and the area path (e.g. <code>UK &gt; London</code>) moves them, adding areas as needed. Blank
            cells leave a field as it is. Nothing is written until you confirm.
          </Text>
          <Box>
            <Button variant="outline" size="sm" onClick={downloadTemplate}>
              <LuDownload aria-hidden /> Download the template
            </Button>
          </Box>
        </>
      }
      fileLabel="CSV file"
      accept=".csv,text/csv"
      pendingText={result ? 'Importing the stores…' : 'Checking the file…'}
      applied={applied}
      canConfirm={canConfirm}
      confirmLabel="Confirm import"
    >
      {result && (
        <Stack gap="3">
          {applied ? (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>{result.message}</Alert.Title>
            </Alert.Root>
          ) : result.totals.errors > 0 ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>
                {result.totals.errors} row{result.totals.errors === 1 ? ' has' : 's have'} errors: fix them in
                the file and choose it again. Nothing is imported while any row has an error.
              </Alert.Title>
            </Alert.Root>
          ) : null}
          <Totals result={result} />
          {result.newAreas.length > 0 && <Text fontSize="sm">New areas: {result.newAreas.join(', ')}</Text>}
          {result.ignoredColumns.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              Columns not read: {result.ignoredColumns.join(', ')}
            </Text>
          )}
          <ResultRows result={result} />
        </Stack>
      )}
    </FileImportDialog>
  );
}
