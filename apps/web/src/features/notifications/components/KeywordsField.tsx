// The keyword rule's words and phrases, typed comma-separated (each matched whole in a comment or a tapped chip).
import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';

export function KeywordsField({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: string;
  onChange: (keywords: string[]) => void;
}) {
  // the text as typed (a trailing comma or space stays while typing); the rule gets the trimmed list
  const [text, setText] = useState(() => value.join(', '));
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Words or phrases (comma-separated)</Field.Label>
      <Input
        value={text}
        placeholder="refund, rude, order wrong"
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split(',')
              .map((w) => w.trim())
              .filter(Boolean),
          );
        }}
      />
      <Field.HelperText>
        Matches a whole word or phrase in the comment or in a chip the customer tapped, in any case.
      </Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
