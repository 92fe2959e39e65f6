// "Download CSV" for a table with the page's current filters; shows the bytes received while the file streams in.
import { Button, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { toaster } from '@/components/ui/toaster';
import { useAction } from '@/lib/actions';
import { apiErrorMessage, isUnauthorizedError } from '@/lib/api-error';
import { formatBytes, useCsvDownload, type TExportTable } from '@/lib/analytics/csv-download';

export type TCsvDownloadButtonProps = {
  table: TExportTable;
  query: Record<string, string | undefined>;
  /** What the file holds, for the accessible name: "Download CSV of the staff league table". */
  what: string;
  disabled?: boolean;
};

export function CsvDownloadButton({ table, query, what, disabled }: TCsvDownloadButtonProps) {
  const download = useCsvDownload();
  const exportAction = useAction('analytics.exportCsv');
  const progress = download.isPending ? `Downloading… ${formatBytes(download.bytes)}` : '';
  const start = () =>
    download.mutate(
      { table, query },
      {
        onSuccess: ({ name }) => toaster.create({ type: 'success', title: `Saved ${name}` }),
        onError: (error) => {
          if (!isUnauthorizedError(error)) toaster.create({ type: 'error', title: apiErrorMessage(error) });
        },
      },
    );
  return (
    <>
      <Button
        {...exportAction.attrs}
        variant="outline"
        size="sm"
        onClick={start}
        disabled={disabled}
        loading={download.isPending}
        loadingText={progress}
        aria-label={`Download CSV of ${what}`}
      >
        <LuDownload aria-hidden="true" /> Download CSV
      </Button>
      <VisuallyHidden>
        <Text as="span" role="status">
          {progress}
        </Text>
      </VisuallyHidden>
    </>
  );
}
