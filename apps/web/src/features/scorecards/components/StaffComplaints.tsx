// "Complaints about you" on a shared scorecard: each complaint naming the person, and a form to add their side once.
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Heading,
  HStack,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { CASE_NOTE_MAX, ZStaffSideInputSchema, type TStaffCase } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { EmptyList, LoadError, LoadingRows } from '@/components/LoadState';
import { apiErrorMessage } from '@/lib/api-error';
import { useAddSide, useStaffComplaints } from '../api/scorecards';

const DISPUTE_LABELS: Record<TStaffCase['dispute'], string | null> = {
  none: null,
  open: 'Dispute sent to your manager',
  fair: 'Ruled fair',
  unfair: 'Ruled unfair: taken out of your figures',
};

function SideForm({ token, item }: { token: string; item: TStaffCase }) {
  const [text, setText] = useState('');
  const [dispute, setDispute] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useAddSide(token);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZStaffSideInputSchema.safeParse({ text, dispute });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Write your side');
    setError(null);
    add.mutate(
      { params: { token, caseId: item._id }, body: parsed.data },
      { onError: (err) => setError(apiErrorMessage(err)) },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3">
        <Field.Root invalid={!!error}>
          <Field.Label>Your side of complaint #{item.number}</Field.Label>
          <Textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={CASE_NOTE_MAX}
            rows={3}
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <Checkbox.Root checked={dispute} onCheckedChange={(d) => setDispute(d.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Ask my manager to rule this rating unfair</Checkbox.Label>
        </Checkbox.Root>
        <Button type="submit" size="sm" alignSelf="flex-start" colorPalette="brand" loading={add.isPending}>
          Add my side
        </Button>
      </Stack>
    </form>
  );
}

function Complaint({ token, item }: { token: string; item: TStaffCase }) {
  const ruling = DISPUTE_LABELS[item.dispute];
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="4" bg="bg">
      <HStack justify="space-between" wrap="wrap" gap="2" mb="2">
        <Text fontWeight="semibold">
          {item.score}★ at {item.storeName}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {new Date(item.ratedAt).toLocaleDateString()}
        </Text>
      </HStack>
      {item.comment ? (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" mb="2">
          “{item.comment}”
        </Text>
      ) : null}
      {item.tags.length ? (
        <HStack gap="1" wrap="wrap" mb="2">
          {item.tags.map((t) => (
            <Badge key={t}>{t}</Badge>
          ))}
        </HStack>
      ) : null}
      {ruling ? (
        <Badge colorPalette={item.dispute === 'unfair' ? 'green' : 'gray'} mb="2">
          {ruling}
        </Badge>
      ) : null}
      {item.side !== null ? (
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          Your side: {item.side}
        </Text>
      ) : (
        <SideForm token={token} item={item} />
      )}
    </Box>
  );
}

export function StaffComplaints({ token }: { token: string }) {
  const complaints = useStaffComplaints(token);
  return (
    <Stack as="section" aria-labelledby="complaints-heading" gap="3">
      <Heading id="complaints-heading" as="h2" size="md">
        Complaints about you
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Customers stay anonymous. You can add your side to each complaint once; your manager reads it in the
        case.
      </Text>
      {complaints.isPending ? (
        <LoadingRows label="Loading complaints" rows={2} />
      ) : complaints.isError ? (
        <LoadError error={complaints.error} onRetry={() => void complaints.refetch()} what="the complaints" />
      ) : complaints.data.body.items.length === 0 ? (
        <EmptyList icon={<LuMessageSquare />} title="No complaints about you" />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {complaints.data.body.items.map((item) => (
            <Complaint key={item._id} token={token} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
