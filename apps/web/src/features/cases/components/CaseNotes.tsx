// A case's internal notes (never shown to the customer) and adding one (POST /cases/:id/notes).
import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { CASE_NOTE_MAX, type TCaseDetail, ZCaseNoteInputSchema } from '@cx/contracts';
import { useState } from 'react';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { formatWhen } from '@/lib/case-format';
import { serverFormErrors } from '@/lib/form-errors';
import type { useCaseChanges } from '../api/cases';
import { CaseSection } from './CaseFacts';

export function CaseNotes({
  item,
  changes,
}: {
  item: TCaseDetail;
  changes: ReturnType<typeof useCaseChanges>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const action = useAction('cases.addNote');
  const add = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZCaseNoteInputSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
    changes.addNote.mutate(
      { params: { id: item._id }, body: parsed.data },
      {
        onSuccess: () => setText(''),
        onError: (err) => setError(serverFormErrors(err).text ?? apiErrorMessage(err)),
      },
    );
  };
  return (
    <CaseSection id="case-notes" title="Internal notes">
      <Stack gap="3">
        {item.notes.length === 0 ? (
          <Text color="fg.muted">No notes yet.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Notes">
            {item.notes.map((note) => (
              <Stack as="li" key={note._id} gap="0.5" p="2" rounded="md" bg="bg.muted">
                <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {note.text}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {note.author.name} · <time dateTime={note.at}>{formatWhen(note.at)}</time>
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
        {item.can.update ? (
          <Stack as="form" gap="2" onSubmit={add} aria-label="Add a note">
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>Note</Field.Label>
              <Textarea
                rows={2}
                maxLength={CASE_NOTE_MAX}
                value={text}
                onChange={(e) => {
                  setText(e.currentTarget.value);
                  setError('');
                }}
                placeholder="Only your team sees notes"
              />
              {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
            </Field.Root>
            <Button
              type="submit"
              variant="outline"
              alignSelf="flex-start"
              loading={changes.addNote.isPending}
              {...action.attrs}
            >
              Add note
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </CaseSection>
  );
}
