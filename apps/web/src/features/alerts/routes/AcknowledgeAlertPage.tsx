// /alerts/acknowledge?token=…: the alert link from email or chat; one press acknowledges it (link scanners cannot).
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { ErrorLine, LinkCard } from '@/components/LinkCard';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { tsr } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error';

export function AcknowledgeAlertPage() {
  useDocumentTitle(paths.alerts.acknowledge.title);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const ack = tsr.alerts.acknowledgeByLink.useMutation();
  const result = ack.data?.body;

  let content;
  if (!token)
    content = <ErrorLine title="This acknowledge link is incomplete: open it from the alert again." />;
  else if (result)
    content = (
      <Alert.Root status={result.acknowledged ? 'success' : 'info'} role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{result.message}</Alert.Title>
          {result.acknowledged ? (
            <Alert.Description>
              Recorded as {result.acknowledgement.by}, {new Date(result.acknowledgement.at).toLocaleString()}.
            </Alert.Description>
          ) : null}
        </Alert.Content>
      </Alert.Root>
    );
  else
    content = (
      <Stack gap="4">
        <Text>Let the team know someone is on it: acknowledging stops the alert from escalating.</Text>
        {ack.isError ? <ErrorLine title={apiErrorMessage(ack.error)} /> : null}
        <Button
          colorPalette="brand"
          alignSelf="flex-start"
          loading={ack.isPending}
          onClick={() => ack.mutate({ body: { token } })}
        >
          Acknowledge alert
        </Button>
      </Stack>
    );

  return <LinkCard title={paths.alerts.acknowledge.title}>{content}</LinkCard>;
}
