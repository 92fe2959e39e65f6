// /reports/unsubscribe?token=…: the "stop this report" link from a report mail; one press stops it (link scanners cannot).
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { LuLink2Off } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { ErrorLine, LinkCard } from '@/components/LinkCard';
import { EmptyList, LoadError, LoadingRows } from '@/components/LoadState';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { tsr } from '@/lib/api-client';
import { apiErrorMessage, isHttpErrorResponse } from '@/lib/api-error';

function StopReport({ token }: { token: string }) {
  const preview = tsr.reports.unsubscribe.useQuery({
    queryKey: ['reports', 'unsubscribe', token],
    queryData: { query: { token } },
    retry: false,
  });
  const stop = tsr.reports.unsubscribeOneClick.useMutation();
  if (preview.isPending) return <LoadingRows label="Checking the link" rows={2} height="10" />;
  if (preview.isError) {
    const dead = isHttpErrorResponse(preview.error) && [400, 404].includes(preview.error.status);
    return dead ? (
      <EmptyList
        icon={<LuLink2Off />}
        title={apiErrorMessage(preview.error)}
        description="You can turn reports on or off in your profile after signing in."
      />
    ) : (
      <LoadError error={preview.error} onRetry={() => void preview.refetch()} what="the link" />
    );
  }
  const done = stop.data?.body;
  if (done || !preview.data.body.active)
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{done?.message ?? preview.data.body.message}</Alert.Title>
          <Alert.Description>You can turn it back on in your profile at any time.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  return (
    <Stack gap="4">
      <Text>{preview.data.body.message}</Text>
      {stop.isError ? <ErrorLine title={apiErrorMessage(stop.error)} /> : null}
      <Button
        colorPalette="brand"
        alignSelf="flex-start"
        loading={stop.isPending}
        onClick={() => stop.mutate({ query: { token }, body: undefined })}
      >
        Stop the {preview.data.body.period} report
      </Button>
    </Stack>
  );
}

export function UnsubscribeReportPage() {
  useDocumentTitle(paths.reports.unsubscribe.title);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <LinkCard title={paths.reports.unsubscribe.title}>
      {token ? (
        <StopReport token={token} />
      ) : (
        <ErrorLine title="This link is incomplete: open it from the report mail again." />
      )}
    </LinkCard>
  );
}
