// The conversation on a case (member replies, the customer's answers, the named staff member's side) and the reply
// box: email by default, SMS offered only when the customer gave a phone (POST /cases/:id/replies).
import { Badge, Box, Button, Field, HStack, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { CASE_REPLY_MAX, type TCaseDetail, type TCaseMessage, ZCaseReplyInputSchema } from '@cx/contracts';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { formatWhen } from '@/lib/case-format';
import { serverFormErrors } from '@/lib/form-errors';
import type { useCaseChanges } from '../api/cases';
import { CaseSection } from './CaseFacts';

const FROM_LABEL: Record<TCaseMessage['from'], string> = {
  member: 'Reply',
  customer: 'Customer',
  staff: 'Staff side',
};

function Message({ message }: { message: TCaseMessage }) {
  const mine = message.from === 'member';
  return (
    <Box
      as="li"
      p="3"
      rounded="lg"
      bg={mine ? 'brand.subtle' : message.from === 'staff' ? 'orange.subtle' : 'bg.muted'}
      ms={mine ? { base: '4', md: '10' } : '0'}
      me={mine ? '0' : { base: '4', md: '10' }}
    >
      <HStack gap="2" wrap="wrap" mb="1">
        <Text fontWeight="semibold" fontSize="sm">
          {message.author}
        </Text>
        <Badge size="sm" variant="outline">
          {FROM_LABEL[message.from]} · {message.channel}
        </Badge>
        <Text fontSize="xs" color="fg.muted">
          <time dateTime={message.at}>{formatWhen(message.at)}</time>
        </Text>
        {message.delivered === false ? (
          <Badge size="sm" colorPalette="red">
            Not delivered
          </Badge>
        ) : null}
      </HStack>
      <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
        {message.text}
      </Text>
    </Box>
  );
}

function ReplyBox({ item, changes }: { item: TCaseDetail; changes: ReturnType<typeof useCaseChanges> }) {
  const [text, setText] = useState('');
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [error, setError] = useState('');
  const action = useAction('caseLoop.reply');
  const contact = item.contact!;
  const send = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZCaseReplyInputSchema.safeParse({ text, channel });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
    changes.reply.mutate(
      { params: { id: item._id }, body: parsed.data },
      {
        onSuccess: () => {
          setText('');
          toaster.success({ title: channel === 'sms' ? 'Text message sent' : 'Reply sent by email' });
        },
        onError: (err) => setError(serverFormErrors(err).text ?? apiErrorMessage(err)),
      },
    );
  };
  return (
    <Stack as="form" gap="2" onSubmit={send} aria-label="Reply to the customer">
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>Reply to the customer</Field.Label>
        <Textarea
          rows={4}
          maxLength={CASE_REPLY_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError('');
          }}
          placeholder="Sent from your business's name, with a link to answer"
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
      {contact.phone ? (
        <RadioGroup.Root
          size="sm"
          value={channel}
          onValueChange={(d) => setChannel(d.value === 'sms' ? 'sms' : 'email')}
          aria-label="Send by"
        >
          <HStack gap="4">
            {(contact.email ? (['email', 'sms'] as const) : (['sms'] as const)).map((c) => (
              <RadioGroup.Item key={c} value={c}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{c === 'email' ? 'Email' : 'Text message (SMS)'}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      ) : null}
      <Button
        type="submit"
        colorPalette="brand"
        alignSelf="flex-start"
        loading={changes.reply.isPending}
        {...action.attrs}
      >
        Send reply
      </Button>
    </Stack>
  );
}

export function CaseConversation({
  item,
  changes,
}: {
  item: TCaseDetail;
  changes: ReturnType<typeof useCaseChanges>;
}) {
  const reachable =
    item.contact !== null && !item.contact.erased && Boolean(item.contact.email || item.contact.phone);
  return (
    <CaseSection id="case-conversation" title="Conversation">
      <Stack gap="4">
        {item.messages.length === 0 ? (
          <Text color="fg.muted">No messages yet.</Text>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" aria-label="Messages">
            {item.messages.map((m) => (
              <Message key={m._id} message={m} />
            ))}
          </Stack>
        )}
        {item.can.reply && reachable ? <ReplyBox item={item} changes={changes} /> : null}
        {item.can.reply && !reachable ? (
          <Text fontSize="sm" color="fg.muted">
            {item.contact?.erased
              ? 'The contact details were erased: no reply can be sent.'
              : 'This customer did not ask to be contacted.'}
          </Text>
        ) : null}
      </Stack>
    </CaseSection>
  );
}
