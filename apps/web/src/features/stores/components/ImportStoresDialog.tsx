// "Import stores": choose a CSV, see the dry run (created, changed, moved, errors by line), confirm, read the totals.
import { Alert, Box, Button, Dialog, Field, Input, Stack, Table, Text } from '@chakra-ui/react';
import { STORE_IMPORT_TEMPLATE, type TStoreImportResult, type TStoreImportRow } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LuDownload } from 'react-icons/lu';
import { DialogShell, FormErrorAlert } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { tsr } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-error';
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
      {t.rows} rows: {t.created} new, {t.changed} changed, {t.moved} moved, {t.unchanged} unchanged
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
    // Scrolls on its own: focusable, so a keyboard can scroll it too.
    <Box maxH="50vh" overflowY="auto" tabIndex={0} role="region" aria-label="Import rows, scrollable">
      <Table.Root size="sm" aria-label="Import rows">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Line</Table.ColumnHeader>
            <Table.ColumnHeader>Store</Table.ColumnHeader>
            <Table.ColumnHeader>What happens</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.line}>
              <Table.Cell>{r.line}</Table.Cell>
              <Table.Cell wordBreak="break-word">
                {r.code || '—'}
                {r.name ? ` · ${r.name}` : ''}
              </Table.Cell>
              <Table.Cell wordBreak="break-word">
                <Text fontWeight="semibold" color={r.status === 'error' ? 'fg.error' : undefined}>
                  {STATUS_LABELS[r.status]}
                </Text>
                {rowDetail(r).map((line) => (
                  <Text key={line} fontSize="xs" color="fg.muted">
                    {line}
                  </Text>
                ))}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

export type TImportStoresDialogProps = { open: boolean; onClose: () => void };

export function ImportStoresDialog({ open, onClose }: TImportStoresDialogProps) {
  const queryClient = useQueryClient();
  const upload = tsr.stores.import.useMutation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TStoreImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const reset = () => {
    setFile(null);
    setResult(null);
    setError(null);
    upload.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = async (dryRun: boolean) => {
    if (!file) {
      setError('Choose a CSV file to import');
      return;
    }
    setError(null);
    const body = new FormData();
    body.append('dryRun', String(dryRun));
    if (!dryRun && result) body.append('plan', result.plan);
    body.append('file', file);
    try {
      const res = await upload.mutateAsync({ body });
      setResult(res.body);
      if (res.body.applied) {
        toaster.success({ title: res.body.message });
        void invalidateStoreData(queryClient);
      }
    } catch (err) {
      const info = describeApiError(err);
      setError(info.fieldErrors?.file?.[0] ?? info.message);
      // A 409 means the stores changed since the dry run: its table no longer holds, so it goes.
      if (!dryRun) setResult(null);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send(!result);
  };

  const applied = result?.applied === true;
  const changes = result ? result.totals.created + result.totals.changed + result.totals.moved : 0;
  const canConfirm = !!result && !applied && result.totals.errors === 0 && changes > 0;

  return (
    <DialogShell
      open={open}
      onClose={close}
      title="Import stores"
      size={{ base: 'full', md: 'xl' }}
      closable={!upload.isPending}
    >
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
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
            <Field.Root invalid={!!error && !result}>
              <Field.Label htmlFor={inputId}>CSV file</Field.Label>
              <Input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                p="1"
                disabled={upload.isPending || applied}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setResult(null);
                  setError(null);
                }}
              />
            </Field.Root>
            <FormErrorAlert message={error} role="alert" />
            {upload.isPending && (
              <Text role="status" color="fg.muted">
                {result ? 'Importing the stores…' : 'Checking the file…'}
              </Text>
            )}
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
                      {result.totals.errors} row{result.totals.errors === 1 ? ' has' : 's have'} errors: fix
                      them in the file and choose it again. Nothing is imported while any row has an error.
                    </Alert.Title>
                  </Alert.Root>
                ) : null}
                <Totals result={result} />
                {result.newAreas.length > 0 && (
                  <Text fontSize="sm">New areas: {result.newAreas.join(', ')}</Text>
                )}
                {result.ignoredColumns.length > 0 && (
                  <Text fontSize="sm" color="fg.muted">
                    Columns not read: {result.ignoredColumns.join(', ')}
                  </Text>
                )}
                <ResultRows result={result} />
              </Stack>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer flexWrap="wrap">
          <Button variant="outline" onClick={close} disabled={upload.isPending}>
            {applied ? 'Done' : 'Cancel'}
          </Button>
          {!applied &&
            (result ? (
              <Button type="submit" colorPalette="brand" loading={upload.isPending} disabled={!canConfirm}>
                Confirm import
              </Button>
            ) : (
              <Button type="submit" colorPalette="brand" loading={upload.isPending}>
                Check file
              </Button>
            ))}
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
