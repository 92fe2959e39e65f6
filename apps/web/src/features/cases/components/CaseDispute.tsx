// The named staff member's dispute: a manager rules the rating fair or unfair (POST /cases/:id/dispute); an unfair
// rating leaves that person's figures, not the store's.
import { Badge, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { CASE_NOTE_MAX, type TCaseDetail } from '@cx/contracts';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import type { useCaseChanges } from '../api/cases';
import { CaseSection } from './CaseFacts';

export function CaseDispute({
  item,
  changes,
}: {
  item: TCaseDetail;
  changes: ReturnType<typeof useCaseChanges>;
}) {
  const [note, setNote] = useState('');
  const action = useAction('caseLoop.rule');
  if (item.dispute === 'none') return null;
  const staff = item.rating?.staff?.name ?? 'The staff member';
  const rule = (ruling: 'fair' | 'unfair') =>
    changes.rule.mutate(
      { params: { id: item._id }, body: { ruling, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () =>
          toaster.success({
            title: ruling === 'unfair' ? `The rating leaves ${staff}'s figures` : 'The rating stands',
          }),
        onError: (err) => toaster.error({ title: apiErrorMessage(err) }),
      },
    );
  return (
    <CaseSection id="case-dispute" title="Staff dispute">
      {item.dispute === 'open' ? (
        <Stack gap="3">
          <Text>
            {staff} disputes this rating. Rule on it: an unfair rating leaves their figures, not the store's.
          </Text>
          {item.can.rule ? (
            <>
              <Field.Root>
                <Field.Label>Why (optional)</Field.Label>
                <Textarea
                  rows={2}
                  maxLength={CASE_NOTE_MAX}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                />
              </Field.Root>
              <HStack gap="2" wrap="wrap">
                <Button
                  variant="outline"
                  onClick={() => rule('fair')}
                  loading={changes.rule.isPending}
                  {...action.attrs}
                >
                  Rating is fair
                </Button>
                <Button
                  colorPalette="red"
                  variant="outline"
                  onClick={() => rule('unfair')}
                  loading={changes.rule.isPending}
                  {...action.attrs}
                >
                  Rating is unfair
                </Button>
              </HStack>
            </>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              A store manager or above rules on disputes.
            </Text>
          )}
        </Stack>
      ) : (
        <Badge colorPalette={item.dispute === 'unfair' ? 'orange' : 'gray'}>
          Ruled {item.dispute}
          {item.dispute === 'unfair' ? ": left out of the staff member's figures" : ''}
        </Badge>
      )}
    </CaseSection>
  );
}
