// "Import rota": choose a scheduling tool's CSV or an .ics file, check the columns and each row, then add the shifts.
import { Alert, Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import type { TRotaDateOrder, TRotaImportField, TRotaImportMapping, TRotaImportResult } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DialogShell, FormErrorAlert } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { tsr } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-error';
import { ROTA_QUERY_KEY } from '../api/rota';
import { ColumnMapping, ImportRows, Totals, UnknownStaff } from './ImportRotaPreview';

export type TImportRotaDialogProps = {
  open: boolean;
  store: { _id: string; name: string };
  onClose: () => void;
};

type TChoice = { mapping?: TRotaImportMapping; dateOrder?: TRotaDateOrder };

export function ImportRotaDialog({ open, store, onClose }: TImportRotaDialogProps) {
  const queryClient = useQueryClient();
  const upload = tsr.rota.importShifts.useMutation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TRotaImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const close = () => {
    setFile(null);
    setResult(null);
    setError(null);
    upload.reset();
    onClose();
  };

  const send = async (dryRun: boolean, choice: TChoice = {}) => {
    if (!file) {
      setError('Choose a CSV or .ics file to import');
      return;
    }
    setError(null);
    const body = new FormData();
    body.append('store', store._id);
    body.append('dryRun', String(dryRun));
    // The columns and date order shown are the ones sent: the confirm writes what the preview showed.
    const mapping = choice.mapping ?? (result?.format === 'csv' ? result.mapping : undefined);
    if (mapping) body.append('mapping', JSON.stringify(mapping));
    const dateOrder = choice.dateOrder ?? result?.dateOrder;
    if (dateOrder && result?.format === 'csv') body.append('dateOrder', dateOrder);
    body.append('file', file);
    try {
      const res = await upload.mutateAsync({ body });
      setResult(res.body);
      if (res.body.applied) {
        toaster.success({ title: res.body.message });
        void queryClient.invalidateQueries({ queryKey: ROTA_QUERY_KEY });
      }
    } catch (err) {
      const info = describeApiError(err);
      setError(info.fieldErrors?.file?.[0] ?? info.fieldErrors?.mapping?.[0] ?? info.message);
    }
  };

  const remap = (field: TRotaImportField, header: string | null) => {
    if (!result) return;
    void send(true, { mapping: { ...result.mapping, [field]: header } });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send(!result);
  };

  const applied = !!result && !result.dryRun;
  const toAdd = result?.totals.new ?? 0;
  const canConfirm = !!result && result.dryRun && !result.mappingProblem && toAdd > 0;

  return (
    <DialogShell
      open={open}
      onClose={close}
      title={`Import rota · ${store.name}`}
      size={{ base: 'full', md: 'xl' }}
      closable={!upload.isPending}
    >
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <Text>
              Export the schedule from your scheduling tool (Deputy, When I Work, 7shifts, Homebase, Planday,
              Rotaready…) as CSV, or a calendar as .ics. Staff are matched by email or name; times are read in
              the store’s time zone. Nothing is written until you confirm.
            </Text>
            <Field.Root invalid={!!error && !result}>
              <Field.Label htmlFor={inputId}>CSV or .ics file</Field.Label>
              <Input
                id={inputId}
                type="file"
                accept=".csv,.ics,text/csv,text/calendar"
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
                {result?.dryRun === true && !canConfirm ? 'Checking the file…' : 'Working…'}
              </Text>
            )}
            {result && (
              <Stack gap="3" data-testid="import-preview">
                {applied ? (
                  <Alert.Root status={result.applied ? 'success' : 'info'}>
                    <Alert.Indicator />
                    <Alert.Title>{result.message}</Alert.Title>
                  </Alert.Root>
                ) : null}
                {result.format === 'csv' && !applied ? (
                  <ColumnMapping
                    result={result}
                    disabled={upload.isPending}
                    onMapping={remap}
                    onDateOrder={(dateOrder) => void send(true, { dateOrder })}
                  />
                ) : null}
                {result.mappingProblem ? (
                  <Alert.Root status="warning" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{result.mappingProblem}</Alert.Title>
                  </Alert.Root>
                ) : (
                  <>
                    <Totals result={result} />
                    <UnknownStaff result={result} />
                    <ImportRows result={result} />
                  </>
                )}
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
                {toAdd > 0 ? `Add ${toAdd} shift${toAdd === 1 ? '' : 's'}` : 'Nothing to add'}
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
