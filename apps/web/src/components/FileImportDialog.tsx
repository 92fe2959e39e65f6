// A file import's dialog: choose a file, check it (a dry run the feature sends) to see its preview, then confirm.
import { Box, Button, Dialog, Field, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DialogShell, FormErrorAlert } from '@/components/DialogShell';
import { describeApiError } from '@/lib/api-error';

type TImportOptions<R, X> = {
  /** Shown when the file is checked with none chosen. */
  fileRequired: string;
  /** Sends the file: a dry run, or the confirm of the preview `shown`; `extra` is what the preview asks to change. */
  send: (file: File, dryRun: boolean, shown: R | null, extra?: X) => Promise<R>;
  /** The line the form shows for a refusal (the file field's message, else the answer's). */
  errorOf?: (info: ReturnType<typeof describeApiError>) => string | undefined;
  /** A refused confirm drops the preview (it no longer holds), instead of keeping it on screen. */
  dropPreviewOnConfirmError?: boolean;
};

export type TFileImport<R, X> = {
  file: File | null;
  result: R | null;
  error: string | null;
  pending: boolean;
  choose: (file: File | null) => void;
  run: (dryRun: boolean, extra?: X) => Promise<void>;
  reset: () => void;
};

/** The import's state: the chosen file, the last answer (preview or applied), the error line and whether it waits. */
export function useFileImport<R, X = never>(opts: TImportOptions<R, X>): TFileImport<R, X> {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const reset = () => {
    setFile(null);
    setResult(null);
    setError(null);
  };
  const choose = (next: File | null) => {
    setFile(next);
    setResult(null);
    setError(null);
  };
  const run = async (dryRun: boolean, extra?: X) => {
    if (!file) {
      setError(opts.fileRequired);
      return;
    }
    setError(null);
    setPending(true);
    try {
      setResult(await opts.send(file, dryRun, result, extra));
    } catch (err) {
      const info = describeApiError(err);
      setError(opts.errorOf?.(info) ?? info.fieldErrors?.file?.[0] ?? info.message);
      if (!dryRun && opts.dropPreviewOnConfirmError) setResult(null);
    } finally {
      setPending(false);
    }
  };
  return { file, result, error, pending, choose, run, reset };
}

type TDialogProps<R, X> = {
  state: TFileImport<R, X>;
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the file should hold, above the file field. */
  intro: ReactNode;
  fileLabel: string;
  accept: string;
  /** The status line while the file is sent. */
  pendingText: string;
  /** The import is written: the field locks and the dialog offers Done only. */
  applied: boolean;
  canConfirm: boolean;
  confirmLabel: string;
  /** The preview, shown once there is an answer. */
  children?: ReactNode;
};

/** The dialog: intro, file field, error and status lines, the preview; Check file, then the confirm button. */
export function FileImportDialog<R, X>(props: TDialogProps<R, X>) {
  const { state, open, onClose, title, applied, canConfirm } = props;
  const inputId = useId();
  const close = () => {
    state.reset();
    onClose();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void state.run(!state.result);
  };

  return (
    <DialogShell
      open={open}
      onClose={close}
      title={title}
      size={{ base: 'full', md: 'xl' }}
      closable={!state.pending}
    >
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            {props.intro}
            <Field.Root invalid={!!state.error && !state.result}>
              <Field.Label htmlFor={inputId}>{props.fileLabel}</Field.Label>
              <Input
                id={inputId}
                type="file"
                accept={props.accept}
                p="1"
                disabled={state.pending || applied}
                onChange={(e) => state.choose(e.target.files?.[0] ?? null)}
              />
            </Field.Root>
            <FormErrorAlert message={state.error} role="alert" />
            {state.pending && (
              <Text role="status" color="fg.muted">
                {props.pendingText}
              </Text>
            )}
            {state.result !== null && props.children}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer flexWrap="wrap">
          <Button variant="outline" onClick={close} disabled={state.pending}>
            {applied ? 'Done' : 'Cancel'}
          </Button>
          {!applied &&
            (state.result ? (
              <Button type="submit" colorPalette="brand" loading={state.pending} disabled={!canConfirm}>
                {props.confirmLabel}
              </Button>
            ) : (
              <Button type="submit" colorPalette="brand" loading={state.pending}>
                Check file
              </Button>
            ))}
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}

export type TImportRow = {
  line: number;
  /** Who or what the row is about. */
  subject: ReactNode;
  /** What happens to it, in words. */
  status: string;
  isError: boolean;
  details: string[];
};

/** The preview's rows by file line: the subject, what happens and why; scrolls on its own (focusable for keys). */
export function ImportRowsTable({ subjectHeader, rows }: { subjectHeader: string; rows: TImportRow[] }) {
  return (
    <Box maxH="50vh" overflowY="auto" tabIndex={0} role="region" aria-label="Import rows, scrollable">
      <Table.Root size="sm" aria-label="Import rows">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Line</Table.ColumnHeader>
            <Table.ColumnHeader>{subjectHeader}</Table.ColumnHeader>
            <Table.ColumnHeader>What happens</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.line}>
              <Table.Cell>{r.line}</Table.Cell>
              <Table.Cell wordBreak="break-word">{r.subject}</Table.Cell>
              <Table.Cell wordBreak="break-word">
                <Text fontWeight="semibold" color={r.isError ? 'fg.error' : undefined}>
                  {r.status}
                </Text>
                {r.details.map((line) => (
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
