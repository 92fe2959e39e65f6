// A signing secret shown this once, with a copy button: it cannot be read again after the notice is closed.
import { Alert, Button, Code, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';

export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret);
    setCopied(true);
  };
  return (
    <Alert.Root status="warning" role="status" aria-label="Signing secret">
      <Alert.Content minW="0">
        <Alert.Title>Copy the signing secret now: it is shown only this once</Alert.Title>
        <Stack gap="2" mt="2">
          <Code wordBreak="break-all" whiteSpace="normal" p="2" data-testid="webhook-secret">
            {secret}
          </Code>
          <HStack wrap="wrap">
            <Button size="sm" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
            <Button size="sm" variant="outline" onClick={onDone}>
              I have saved it
            </Button>
          </HStack>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
