// The rota import's preview: the column mapping (CSV), the people the file names that match nobody, and each row.
import { Alert, Box, Field, List, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  ROTA_IMPORT_FIELDS,
  type TRotaDateOrder,
  type TRotaImportField,
  type TRotaImportResult,
  type TRotaImportRow,
} from '@cx/contracts';
import { ImportRowsTable, type TImportRow } from '@/components/FileImportDialog';

export const FIELD_LABELS: Record<TRotaImportField, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  date: 'Date',
  start: 'Start',
  end: 'End',
  location: 'Location / store',
};

const ERROR_LABELS: Record<string, string> = { ...FIELD_LABELS, person: 'Person' };

const ORDER_LABELS: Record<TRotaDateOrder, string> = {
  dmy: 'Day first (31/12/2026)',
  mdy: 'Month first (12/31/2026)',
  ymd: 'Year first (2026-12-31)',
};

const STATUS_LABELS: Record<TRotaImportRow['status'], string> = {
  new: 'Will be added',
  added: 'Added',
  unchanged: 'Already on the rota',
  error: 'Skipped',
};

type TMappingProps = {
  result: TRotaImportResult;
  disabled: boolean;
  onMapping: (field: TRotaImportField, header: string | null) => void;
  onDateOrder: (order: TRotaDateOrder) => void;
};

/** One select per field over the file's header; a change previews again. */
export function ColumnMapping({ result, disabled, onMapping, onDateOrder }: TMappingProps) {
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3" minW="0">
      <Text as="legend" fontWeight="semibold" px="1">
        Columns
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
        {ROTA_IMPORT_FIELDS.map((field) => (
          <Field.Root key={field}>
            <Field.Label>{FIELD_LABELS[field]}</Field.Label>
            <NativeSelect.Root size="sm" disabled={disabled}>
              <NativeSelect.Field
                aria-label={`Column for ${FIELD_LABELS[field]}`}
                value={result.mapping[field] ?? ''}
                onChange={(e) => onMapping(field, e.target.value || null)}
              >
                <option value="">— none —</option>
                {result.headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ))}
        <Field.Root>
          <Field.Label>Dates like 03/04/2026</Field.Label>
          <NativeSelect.Root size="sm" disabled={disabled}>
            <NativeSelect.Field
              aria-label="Date order"
              value={result.dateOrder}
              onChange={(e) => onDateOrder(e.target.value as TRotaDateOrder)}
            >
              {Object.entries(ORDER_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
    </Box>
  );
}

/** People in the file who match nobody: add them on Manage Staff (with their email), then check again. */
export function UnknownStaff({ result }: { result: TRotaImportResult }) {
  if (result.unknownStaff.length === 0) return null;
  return (
    <Alert.Root status="warning" data-testid="unknown-staff">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {result.unknownStaff.length === 1
            ? 'One person in the file matches nobody on your staff'
            : `${result.unknownStaff.length} people in the file match nobody on your staff`}
        </Alert.Title>
        <Alert.Description>
          <List.Root ps="4" mt="1">
            {result.unknownStaff.map((u) => (
              <List.Item key={u.person} wordBreak="break-word">
                {u.person || '(no name)'} — line{u.lines.length === 1 ? '' : 's'} {u.lines.join(', ')}
              </List.Item>
            ))}
          </List.Root>
          <Text mt="1">
            Add them on Manage Staff (with their email to match exactly), then check the file again.
          </Text>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

const when = (r: TRotaImportRow) => (r.date ? `${r.date}, ${r.start}–${r.end}` : '—');

/** Every row: line, who and when (as saved, in the store's time), and what happens or why it is skipped. */
export function ImportRows({ result }: { result: TRotaImportResult }) {
  const rows: TImportRow[] = result.rows.map((r) => ({
    line: r.line,
    subject: (
      <>
        <Text fontWeight="medium">{r.staff?.name ?? (r.person || '—')}</Text>
        <Text fontSize="xs" color="fg.muted">
          {when(r)}
        </Text>
      </>
    ),
    status: STATUS_LABELS[r.status],
    isError: r.status === 'error',
    details: r.errors.map((e) => `${ERROR_LABELS[e.field] ?? e.field}: ${e.message}`),
  }));
  return <ImportRowsTable subjectHeader="Shift" rows={rows} />;
}

export function Totals({ result }: { result: TRotaImportResult }) {
  const t = result.totals;
  return (
    <Stack gap="1">
      <Text aria-live="polite" data-testid="import-totals">
        {t.rows} row{t.rows === 1 ? '' : 's'}: {t.new + t.added} {result.dryRun ? 'to add' : 'added'},{' '}
        {t.unchanged} already on the rota
        {t.errors ? `, ${t.errors} skipped` : ''}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        Times are in {result.store.name}’s time zone ({result.store.timeZone}).
      </Text>
    </Stack>
  );
}
