// The customer's answer: one text box and a send button; the server's message shows under the box.
import { Button, Field, Stack, Textarea } from '@chakra-ui/react';
import { CASE_REPLY_MAX, ZCustomerAnswerSchema } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage } from '@/lib/api-error';
import { useCustomerAnswer } from '../api/case-reply';

export function AnswerForm({ token, businessName }: { token: string; businessName: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answer = useCustomerAnswer(token);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCustomerAnswerSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a reply');
      return;
    }
    setError(null);
    answer.mutate(
      { params: { token }, body: parsed.data },
      {
        onSuccess: () => setText(''),
        onError: (err) => setError(apiErrorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <Field.Root invalid={!!error}>
          <Field.Label>Your answer to {businessName}</Field.Label>
          <Textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={CASE_REPLY_MAX}
            rows={4}
            placeholder="Write your answer"
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={answer.isPending}>
          Send answer
        </Button>
      </Stack>
    </form>
  );
}
