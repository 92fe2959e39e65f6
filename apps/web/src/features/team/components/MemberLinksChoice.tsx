// What a member made (board links, scorecard links, invitations) that a removal or a loss of stores would switch
// off: each with "Switch off" (the default) or "Keep" (it becomes the remover's), with loading, error and empty states.
import { RadioGroup, Stack, Text } from '@chakra-ui/react';
import type { TMemberLink } from '@cx/contracts';
import { LoadError, LoadingRows } from '@/components/LoadState';
import { RadioItems } from '@/components/RadioItems';
import { useMemberLinks, type TAccessChange } from '../api/team';
import { formatDay } from './team-format';

const KIND_LABELS: Record<TMemberLink['kind'], string> = {
  board: 'Board link',
  share: 'Scorecard link',
  invitation: 'Invitation',
};

export type TMemberLinksChoiceProps = {
  userId: string;
  name: string;
  change: TAccessChange;
  /** Ids of the links to keep; every other listed link is switched off. */
  keep: string[];
  onKeepChange: (keep: string[]) => void;
  enabled?: boolean;
};

export function MemberLinksChoice({
  userId,
  name,
  change,
  keep,
  onKeepChange,
  enabled = true,
}: TMemberLinksChoiceProps) {
  const links = useMemberLinks(userId, change, enabled);
  const what = change ? 'this change' : 'the removal';
  if (!enabled) return null;
  if (links.isPending) return <LoadingRows label={`Loading what ${name} made`} rows={2} height="12" />;
  if (links.isError)
    return <LoadError error={links.error} onRetry={() => void links.refetch()} what={`what ${name} made`} />;
  const list = links.data.body.links;
  if (list.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        Nothing {name} made (board links, scorecard links, invitations) stops working with {what}.
      </Text>
    );
  const choose = (id: string, value: string | null) =>
    onKeepChange(value === 'keep' ? [...new Set([...keep, id])] : keep.filter((k) => k !== id));

  return (
    <Stack gap="3">
      <Text fontWeight="semibold">What {name} made</Text>
      <Text fontSize="sm" color="fg.muted">
        These stop working with {what} unless you keep them. What you keep becomes yours.
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-label={`What ${name} made`}>
        {list.map((link) => (
          <Stack as="li" key={link._id} gap="2" p="3" borderWidth="1px" rounded="md" aria-label={link.label}>
            <RadioGroup.Root
              size="sm"
              value={keep.includes(link._id) ? 'keep' : 'off'}
              onValueChange={(d) => choose(link._id, d.value)}
            >
              <RadioGroup.Label overflowWrap="anywhere">{link.label}</RadioGroup.Label>
              <Text fontSize="xs" color="fg.muted">
                {KIND_LABELS[link.kind]}, made {formatDay(link.createdAt)}
              </Text>
              <RadioItems
                options={[
                  { value: 'off', label: 'Switch off' },
                  { value: 'keep', label: 'Keep' },
                ]}
              />
            </RadioGroup.Root>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
