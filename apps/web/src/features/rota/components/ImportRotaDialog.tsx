// "Import rota": choose a scheduling tool's CSV or an .ics file, check the columns and each row, then add the shifts.
import { Alert, Stack, Text } from '@chakra-ui/react';
import type { TRotaDateOrder, TRotaImportField, TRotaImportMapping, TRotaImportResult } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FileImportDialog, useFileImport } from '@/components/FileImportDialog';
import { toaster } from '@/components/ui/toaster';
import { tsr } from '@/lib/api-client';
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
  const state = useFileImport<TRotaImportResult, TChoice>({
    fileRequired: 'Choose a CSV or .ics file to import',
    errorOf: (info) => info.fieldErrors?.file?.[0] ?? info.fieldErrors?.mapping?.[0],
    async send(file, dryRun, shown, choice = {}) {
      const body = new FormData();
      body.append('store', store._id);
      body.append('dryRun', String(dryRun));
      // The columns and date order shown are the ones sent: the confirm writes what the preview showed.
      const mapping = choice.mapping ?? (shown?.format === 'csv' ? shown.mapping : undefined);
      if (mapping) body.append('mapping', JSON.stringify(mapping));
      const dateOrder = choice.dateOrder ?? shown?.dateOrder;
      if (dateOrder && shown?.format === 'csv') body.append('dateOrder', dateOrder);
      body.append('file', file);
      const res = await upload.mutateAsync({ body });
      if (res.body.applied) {
        toaster.success({ title: res.body.message });
        void queryClient.invalidateQueries({ queryKey: ROTA_QUERY_KEY });
      }
      return res.body;
    },
  });
  const { result } = state;

  const remap = (field: TRotaImportField, header: string | null) => {
    if (!result) return;
    void state.run(true, { mapping: { ...result.mapping, [field]: header } });
  };

  const applied = !!result && !result.dryRun;
  const toAdd = result?.totals.new ?? 0;
  const canConfirm = !!result && result.dryRun && !result.mappingProblem && toAdd > 0;

  return (
    <FileImportDialog
      state={state}
      open={open}
      onClose={onClose}
      title={`Import rota · ${store.name}`}
      intro={
        <Text>
          Export the schedule from your scheduling tool (Deputy, When I Work, 7shifts, Homebase, Planday,
          Rotaready…) as CSV, or a calendar as .ics. Staff are matched by email or name; times are read in the
          store’s time zone. Nothing is written until you confirm.
        </Text>
      }
      fileLabel="CSV or .ics file"
      accept=".csv,.ics,text/csv,text/calendar"
      pendingText={result?.dryRun === true && !canConfirm ? 'Checking the file…' : 'Working…'}
      applied={applied}
      canConfirm={canConfirm}
      confirmLabel={toAdd > 0 ? `Add ${toAdd} shift${toAdd === 1 ? '' : 's'}` : 'Nothing to add'}
    >
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
              disabled={state.pending}
              onMapping={remap}
              onDateOrder={(dateOrder) => void state.run(true, { dateOrder })}
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
    </FileImportDialog>
  );
}
