// /interface-settings/chips: the chips the QR rating forms offer — "What stood out?" at 4–5★, "What went wrong?" at
// 1–3★ — the product's translated ones, or the business's own (shown to customers as typed). Owner/Admin change them.
import { Alert, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ZChipListsSchema, type TChipListsInput } from '@cx/contracts';
import { useState } from 'react';
import { QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { useAccess } from '@/lib/role';
import { useFeedbackChipChanges, useFeedbackChips } from '../api/chips';
import { ChipListEditor } from '../components/ChipListEditor';

const KINDS = [
  { kind: 'staff', title: 'Rating a team member' },
  { kind: 'experience', title: 'Rating the visit' },
] as const;
const BANDS = [
  { band: 'good', label: 'What stood out? (4–5 stars)', hint: 'Offered after a good rating.' },
  { band: 'bad', label: 'What went wrong? (1–3 stars)', hint: 'Offered after a poor or middling rating.' },
] as const;

export function FeedbackChipsPage() {
  const query = useFeedbackChips();
  const canEdit = useAccess().can('cases:settings');
  const changes = useFeedbackChipChanges();
  const current = query.data?.body;
  // The member's unsaved edits over the saved lists (null: nothing edited).
  const [edited, setLists] = useState<TChipListsInput | null>(null);
  const lists = edited ?? current?.chips ?? null;
  const [tried, setTried] = useState(false);

  const parsed = lists ? ZChipListsSchema.safeParse(lists) : null;
  const errorAt = (kind: string, band: string) =>
    tried && parsed && !parsed.success
      ? parsed.error.issues.find((i) => i.path[0] === kind && i.path[1] === band)?.message
      : undefined;

  const save = () => {
    setTried(true);
    if (!parsed?.success) return;
    changes.save.mutate(
      { body: parsed.data },
      {
        onSuccess: () => {
          setLists(null);
          setTried(false);
          toaster.success({ title: 'Chips saved: the QR pages show them from now on' });
        },
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );
  };
  const reset = () =>
    changes.reset.mutate(
      {},
      {
        onSuccess: () => {
          setLists(null);
          toaster.success({ title: 'Back to the standard chips' });
        },
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.feedbackChips.title}
        description="The quick choices customers can tap on the QR pages. The standard chips are translated into each customer's language; your own are shown exactly as you type them."
      />
      <QueryStates
        query={query}
        isEmpty={!current}
        loading={{ label: 'Loading the rating chips', rows: 2, height: '32' }}
        what="the rating chips"
      >
        {() =>
          lists ? (
            <Stack gap="6" maxW="4xl">
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>
                  {current!.custom
                    ? 'Your own chips are in use.'
                    : 'The standard chips are in use, in every language the QR pages offer.'}
                </Alert.Title>
              </Alert.Root>
              {!canEdit ? (
                <Text color="fg.muted">Only the owner or an admin can change the chips.</Text>
              ) : null}
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                {KINDS.map(({ kind, title }) => (
                  <Card.Root key={kind} minW="0">
                    <Card.Body>
                      <Stack gap="5">
                        <Heading as="h2" size="md">
                          {title}
                        </Heading>
                        {BANDS.map(({ band, label, hint }) =>
                          canEdit ? (
                            <ChipListEditor
                              key={band}
                              label={label}
                              hint={hint}
                              chips={lists[kind][band]}
                              error={errorAt(kind, band)}
                              onChange={(chips) =>
                                setLists({ ...lists, [kind]: { ...lists[kind], [band]: chips } })
                              }
                            />
                          ) : (
                            <Stack key={band} gap="1">
                              <Text fontWeight="semibold">{label}</Text>
                              <Text>{lists[kind][band].join(', ')}</Text>
                            </Stack>
                          ),
                        )}
                      </Stack>
                    </Card.Body>
                  </Card.Root>
                ))}
              </SimpleGrid>
              {canEdit ? (
                <HStack gap="3" wrap="wrap">
                  <Button colorPalette="brand" onClick={save} loading={changes.save.isPending}>
                    Save chips
                  </Button>
                  {current!.custom ? (
                    <Button variant="outline" onClick={reset} loading={changes.reset.isPending}>
                      Use the standard chips
                    </Button>
                  ) : null}
                </HStack>
              ) : null}
            </Stack>
          ) : null
        }
      </QueryStates>
    </section>
  );
}
