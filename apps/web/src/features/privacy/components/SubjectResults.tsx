// What was found for one customer: each contact request with its store, case number, rating and conversation.
import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { TSubjectExport } from '@cx/contracts';

const when = (iso: string) => new Date(iso).toLocaleString();

export function SubjectResults({ found }: { found: TSubjectExport }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" ps="0" aria-label="What is held">
      {found.records.map((r, i) => (
        <Card.Root as="li" key={`${r.caseId ?? 'none'}-${i}`} minW="0">
          <Card.Body>
            <Stack gap="2">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{r.store}</Text>
                {r.caseNumber !== null ? <Badge>Case #{r.caseNumber}</Badge> : <Badge>No case</Badge>}
                <Text color="fg.muted" fontSize="sm">
                  Asked to be contacted {when(r.contact.consentAt)}
                </Text>
              </HStack>
              <Text wordBreak="break-word">
                {[r.contact.email, r.contact.phone].filter(Boolean).join(' · ')}
              </Text>
              {r.rating ? (
                <Text wordBreak="break-word">
                  {r.rating.score}★ {r.rating.tags.length ? `(${r.rating.tags.join(', ')}) ` : ''}
                  {r.rating.comment}
                </Text>
              ) : null}
              {r.messages.length ? (
                <Text color="fg.muted" fontSize="sm">
                  {r.messages.length} message{r.messages.length === 1 ? '' : 's'} in the conversation
                </Text>
              ) : null}
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
