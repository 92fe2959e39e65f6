// "Did we put it right?" after resolution: Yes or No, answered once; then a thank-you.
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { TCustomerCaseView } from '@cx/contracts';
import { apiErrorMessage } from '@/lib/api-error';
import { useRecoveryAnswer } from '../api/case-reply';

export function RecoveryQuestion({ token, view }: { token: string; view: TCustomerCaseView }) {
  const recovery = useRecoveryAnswer(token);
  if (view.recovered !== null)
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Thank you for telling us</Alert.Title>
          <Alert.Description>
            {view.recovered
              ? `${view.businessName} is glad it was put right.`
              : `${view.businessName} will take this on board.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  if (!view.askRecovery) return null;
  const answer = (recovered: boolean) => recovery.mutate({ params: { token }, body: { recovered } });
  return (
    <Stack as="section" aria-labelledby="recovery-question" gap="3" borderWidth="1px" rounded="lg" p="4">
      <Text id="recovery-question" fontWeight="semibold" fontSize="lg">
        Did we put it right?
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="green" onClick={() => answer(true)} loading={recovery.isPending}>
          Yes
        </Button>
        <Button variant="outline" onClick={() => answer(false)} disabled={recovery.isPending}>
          No
        </Button>
      </HStack>
      {recovery.isError ? (
        <Text color="fg.error" role="alert">
          {apiErrorMessage(recovery.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
