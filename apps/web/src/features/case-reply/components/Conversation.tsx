// The messages between the business and the customer, oldest first; the customer's own on the right.
import { Box, Stack, Text } from '@chakra-ui/react';
import type { TCustomerCaseView } from '@cx/contracts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function Conversation({ view }: { view: TCustomerCaseView }) {
  if (view.messages.length === 0)
    return (
      <Text color="fg.muted" role="status">
        No messages yet. {view.businessName} will write here; you can also write first below.
      </Text>
    );
  return (
    <Stack as="ol" gap="3" listStyleType="none" aria-label="Conversation">
      {view.messages.map((m, i) => {
        const mine = m.from === 'customer';
        return (
          <Box
            as="li"
            key={`${m.at}-${i}`}
            alignSelf={mine ? 'flex-end' : 'flex-start'}
            maxW={{ base: '92%', md: '80%' }}
            bg={mine ? 'blue.subtle' : 'bg.muted'}
            px="4"
            py="3"
            rounded="lg"
          >
            <Text fontSize="xs" color="fg.muted" mb="1">
              {mine ? 'You' : view.businessName} · {when(m.at)}
            </Text>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {m.text}
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}
