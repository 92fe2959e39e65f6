// Owner/Admin: hide a rating's shout-out (it leaves the board and the scorecard, the comment stays) or show it again.
import { Button, HStack, Text } from '@chakra-ui/react';
import type { TTimelineItem } from '@cx/contracts';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { useAccess } from '@/lib/role';
import { useShoutOutVisibility } from '../api/shout-outs';

export function ShoutOutToggle({ item }: { item: TTimelineItem }) {
  const access = useAccess();
  const visibility = useShoutOutVisibility();
  const shoutOut = item.shoutOut;
  if (!shoutOut || !access.can('themes:manage')) return null;
  const hide = !shoutOut.hidden;
  const toggle = () =>
    visibility.mutate(
      { params: { ratingId: item._id }, body: { hidden: hide } },
      {
        onSuccess: () =>
          toaster.success({
            title: hide
              ? `The shout-out for ${shoutOut.staffName} is hidden`
              : `The shout-out for ${shoutOut.staffName} is shown again`,
          }),
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );
  return (
    <HStack gap="2" wrap="wrap">
      {shoutOut.hidden ? (
        <Text fontSize="sm" color="fg.muted">
          Shout-out for {shoutOut.staffName} hidden from the board and scorecard.
        </Text>
      ) : null}
      <Button size="xs" variant="ghost" onClick={toggle} loading={visibility.isPending}>
        {hide ? <LuEyeOff aria-hidden /> : <LuEye aria-hidden />}
        {hide ? 'Hide shout-out' : 'Show shout-out'}
      </Button>
    </HStack>
  );
}
